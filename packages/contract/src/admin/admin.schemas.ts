import { z } from 'zod';

export const ZBillingSettingsSchema = z.object({
  total_revenue_this_month: z.number(),
  pending_payments: z.number(),
  stripe_account_connected: z.boolean(),
  /** 'stripe' when Stripe keys are configured, else the built-in 'sandbox'. */
  payment_provider: z.enum(['stripe', 'sandbox']),
  stripe_mode: z.enum(['test', 'live']).nullable().describe('From the secret key (sk_test_ / sk_live_); null with the sandbox'),
  publishable_key_configured: z.boolean(),
  webhook_secret_configured: z.boolean(),
  webhook_url: z.string().nullable().describe('Where Stripe must send events (PUBLIC_URL + /api/billing/webhook/); null without PUBLIC_URL'),
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
