import { z } from 'zod';
import { STAFF_ROLES } from '../constants';
import { requiredEmail, requiredText } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

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
  staff_role: z.enum(STAFF_ROLES),
  status: z.enum(['online', 'away', 'offline']),
  /** Invited and not signed in yet (the invite link is unused). */
  invite_pending: z.boolean(),
  /** Clients whose account manager this person is (not archived). */
  managed_clients: z.number().int(),
});
export type TStaffMember = z.infer<typeof ZStaffMemberSchema>;

/** How long an invite's one-time sign-in link works. */
export const INVITE_LINK_DAYS = 7;

/** POST /admin/staff/: an owner invites a person to the agency's staff; they get an e-mail with a one-time link. */
export const ZInviteStaffSchema = z.object({
  email: requiredEmail('Email is required'),
  first_name: requiredText('First name is required', 150),
  last_name: z.string().trim().max(150).default(''),
  staff_role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: 'Choose owner, manager or read-only' }) }),
});
export type TInviteStaff = z.input<typeof ZInviteStaffSchema>;

/** PATCH /admin/staff/:id/: an owner changes a staff member's role. */
export const ZUpdateStaffSchema = z.object({
  staff_role: z.enum(STAFF_ROLES, { errorMap: () => ({ message: 'Choose owner, manager or read-only' }) }),
});
export type TUpdateStaff = z.infer<typeof ZUpdateStaffSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function adminOpenApiSchemas() {
  return {
    StaffMember: withExample(ZStaffMemberSchema, {
      id: 2,
      name: 'Alex Morgan',
      email: 'alex@agency.example',
      role: 'admin',
      staff_role: 'manager',
      status: 'online',
      invite_pending: false,
      managed_clients: 8,
    }),
    InviteStaff: withExample(ZInviteStaffSchema, { email: 'jordan@agency.example', first_name: 'Jordan', last_name: 'Lee', staff_role: 'manager' }),
    UpdateStaff: withExample(ZUpdateStaffSchema, { staff_role: 'read_only' }),
    BillingSettings: withExample(ZBillingSettingsSchema, {
      total_revenue_this_month: 42500,
      pending_payments: 3,
      stripe_account_connected: false,
      payment_provider: 'sandbox',
      stripe_mode: null,
      publishable_key_configured: false,
      webhook_secret_configured: false,
      webhook_url: 'https://portal.example.com/api/billing/webhook/',
    }),
  } satisfies TOpenApiSchemas;
}
