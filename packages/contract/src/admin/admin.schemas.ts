import { z } from 'zod';

export const ZBillingSettingsSchema = z.object({
  total_revenue_this_month: z.number(),
  pending_payments: z.number(),
  stripe_account_connected: z.boolean(),
  /** 'stripe' when Stripe keys are configured, else the built-in 'sandbox'. */
  payment_provider: z.enum(['stripe', 'sandbox']),
});
export type TBillingSettings = z.infer<typeof ZBillingSettingsSchema>;

/** An agency staff account, as listed for assignee pickers and the team strip. */
export const ZStaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(['online', 'away', 'offline']),
});
export type TStaffMember = z.infer<typeof ZStaffMemberSchema>;
