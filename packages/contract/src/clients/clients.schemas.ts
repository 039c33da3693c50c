import { z } from 'zod';
import { APPROVAL_MODES, DEFAULT_APPROVAL_MODE } from '../content/approval.schemas';
import { ZMoney, ZMoneyInput, ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import {
  CLIENT_PACKAGES,
  CLIENT_PLATFORMS,
  CLIENT_STATUSES,
  DEFAULT_CLIENT_PACKAGE,
  DEFAULT_MONTHLY_FEE,
  PAYMENT_STATUSES,
} from '../constants';
import { ZDateString, ZQueryBoolean, ZSearchQuery, ZTimestamp, requiredEmail, requiredText } from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZClientPackageSchema = z.enum(CLIENT_PACKAGES);
export const ZClientPlatformSchema = z.enum(CLIENT_PLATFORMS);
export const ZClientStatusSchema = z.enum(CLIENT_STATUSES);
export const ZPaymentStatusSchema = z.enum(PAYMENT_STATUSES);

/** The client's billing details, printed on its invoices and receipts: a postal address (several lines) and a tax ID. */
export const BILLING_ADDRESS_MAX_CHARS = 500;
export const BILLING_ADDRESS_MAX_LINES = 8;
export const TAX_ID_MAX_CHARS = 64;
/** A blank value clears the detail (null). */
const blankToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v);
export const ZBillingAddressInput = z
  .string()
  .max(BILLING_ADDRESS_MAX_CHARS, `At most ${BILLING_ADDRESS_MAX_CHARS} characters`)
  .transform((v) => v.split(/\r?\n/).map((line) => line.trim()).join('\n').trim())
  .refine((v) => v.split('\n').filter(Boolean).length <= BILLING_ADDRESS_MAX_LINES, `At most ${BILLING_ADDRESS_MAX_LINES} lines`)
  .nullable()
  .transform(blankToNull);
export const ZTaxIdInput = z
  .string()
  .trim()
  .max(TAX_ID_MAX_CHARS, `At most ${TAX_ID_MAX_CHARS} characters`)
  .regex(/^[A-Za-z0-9 .\-/]*$/, 'Use letters A–Z, digits, spaces, dots, dashes and slashes')
  .nullable()
  .transform(blankToNull);

export const ZBillingDetailsSchema = z.object({
  billing_address: z.string().nullable().describe('Postal address, one line per line; null when not given'),
  tax_id: z.string().nullable().describe('VAT number, EIN or other tax ID; null when not given'),
});
export type TBillingDetails = z.infer<typeof ZBillingDetailsSchema>;

/** PUT /clients/me/billing_details/: both fields; a blank one is cleared. */
export const ZUpdateBillingDetailsSchema = z.object({
  billing_address: ZBillingAddressInput.describe(`Up to ${BILLING_ADDRESS_MAX_LINES} lines, ${BILLING_ADDRESS_MAX_CHARS} characters; blank or null clears it`),
  tax_id: ZTaxIdInput.describe(`Up to ${TAX_ID_MAX_CHARS} characters; blank or null clears it`),
});
export type TUpdateBillingDetails = z.input<typeof ZUpdateBillingDetailsSchema>;

export const ZClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  package: ZClientPackageSchema,
  monthly_fee: ZMoney,
  platforms: z.array(ZClientPlatformSchema),
  status: ZClientStatusSchema,
  payment_status: ZPaymentStatusSchema.describe(
    'As the client’s invoices make it when it has any (overdue when one is overdue, pending while one is owed, else paid); otherwise the agency’s own mark',
  ),
  payment_status_follows_invoices: z.boolean().describe('The client has invoices, so payment_status is theirs and cannot be set by hand'),
  unpaid_invoices: z.number().int().describe('Invoices the client still owes (pending or overdue)'),
  account_manager: z.string().nullable().describe('Display name of the staff member who manages the account'),
  account_manager_id: z
    .number()
    .int()
    .nullable()
    .describe('The staff account that manages this client; a manager sees only the clients assigned to them'),
  total_spent: ZMoney.describe('What the client’s invoices brought in: paid invoices less refunds'),
  next_payment: ZDateString.nullable().describe('Calendar date YYYY-MM-DD of the next payment; null when none is planned'),
  plan_name: z
    .string()
    .nullable()
    .describe('The portal plan the client subscribes to, while the subscription runs; then package, monthly_fee, status and next_payment follow it'),
  user_id: z.number().int().nullable().describe('The linked login (role client), or null when the client has no account'),
  user_first_name: z.string().nullable(),
  user_last_name: z.string().nullable(),
  user_email: z.string().nullable(),
  user_avatar: z.string().nullable(),
  portal_invite_pending: z.boolean().describe('The login was invited to the portal and has not set its password yet'),
  created_at: ZTimestamp,
  archived_at: ZTimestamp.nullable().describe('Set when the client was deleted (archived); invoices and history survive'),
  approval_mode: z.enum(APPROVAL_MODES).describe('How this client’s content is approved'),
  ...ZBillingDetailsSchema.shape,
});
export type TClient = z.infer<typeof ZClientSchema>;

/** The Add / Edit Client form. The form starts from CLIENT_FORM_DEFAULTS. */
export const ZClientFormSchema = z.object({
  name: requiredText('Name is required'),
  email: requiredEmail('Email is required'),
  company: requiredText('Company is required'),
  package: ZClientPackageSchema.default(DEFAULT_CLIENT_PACKAGE),
  monthly_fee: ZMoneyInput.describe('Monthly fee in USD (whole dollars in the form; two decimals accepted)'),
  platforms: z.array(ZClientPlatformSchema).default([]),
  status: ZClientStatusSchema.default('active'),
  payment_status: ZPaymentStatusSchema.default('pending'),
  account_manager: z.string().trim().max(150).nullable().optional().describe('A name; linked to the staff account of that name when exactly one has it'),
  account_manager_id: z.coerce
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe('The staff account that manages this client (wins over account_manager); only owners may change it'),
  next_payment: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD')
    .nullable()
    .optional()
    .describe('YYYY-MM-DD'),
  user_id: z.coerce.number().int().positive().nullable().optional().describe('Link an existing client login to this client'),
  approval_mode: z.enum(APPROVAL_MODES).optional().describe(`How this client’s content is approved (new clients: ${DEFAULT_APPROVAL_MODE})`),
  billing_address: ZBillingAddressInput.optional().describe('Printed on invoices and receipts; the client edits it in its Settings too'),
  tax_id: ZTaxIdInput.optional().describe('Printed on invoices and receipts; the client edits it in its Settings too'),
});
export type TClientForm = z.input<typeof ZClientFormSchema>;
export type TClientFormParsed = z.output<typeof ZClientFormSchema>;

/** Initial values of the Add New Client form (admin-and-foundations section 5). */
export const CLIENT_FORM_DEFAULTS = {
  name: '',
  email: '',
  company: '',
  package: DEFAULT_CLIENT_PACKAGE,
  monthly_fee: DEFAULT_MONTHLY_FEE,
  platforms: [],
} as const;

/** PATCH /clients/:id/: any subset of the form; omitted fields keep their value (no defaults apply). */
export const ZUpdateClientSchema = ZClientFormSchema.partial();
export type TUpdateClient = z.input<typeof ZUpdateClientSchema>;

export const ZUpdatePaymentStatusSchema = z.object({
  payment_status: ZPaymentStatusSchema,
});
export type TUpdatePaymentStatus = z.infer<typeof ZUpdatePaymentStatusSchema>;

export const ZClientListQuery = ZPaginationQuery.extend({
  search: ZSearchQuery.describe('Matches name, email and company'),
  status: ZClientStatusSchema.optional(),
  payment_status: ZPaymentStatusSchema.optional(),
  include_archived: ZQueryBoolean.optional().describe('Archived clients are left out unless true'),
  archived: ZQueryBoolean.optional().describe('true: only archived (deleted) clients, to find and restore them'),
  has_login: ZQueryBoolean.optional().describe('true: only clients with a linked user account (who can be messaged); false: only those without'),
  ordering: ordering(['name', 'company', 'monthly_fee', 'created_at', 'next_payment', 'status'], '-created_at'),
});
export type TClientListQuery = z.input<typeof ZClientListQuery>;

export const ZClientSummarySchema = z.object({
  total: z.number().int().describe('Clients that are not archived'),
  active: z.number().int(),
  monthly_revenue: ZMoney.describe('Sum of monthly_fee of active clients'),
  overdue: z.number().int().describe('Clients whose payment_status is overdue (an overdue invoice, or marked overdue by the agency)'),
});
export type TClientSummary = z.infer<typeof ZClientSummarySchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function clientsOpenApiSchemas() {
  const client = withExample(ZClientSchema, {
    id: 12,
    name: 'Maya Lopez',
    email: 'maya.lopez@northwind.example',
    company: 'Northwind Coffee',
    package: 'growth',
    monthly_fee: 3000,
    platforms: ['Instagram', 'TikTok'],
    status: 'active',
    payment_status: 'paid',
    payment_status_follows_invoices: true,
    unpaid_invoices: 0,
    account_manager: 'Alex Morgan',
    account_manager_id: 2,
    total_spent: 18000,
    next_payment: '2025-04-01',
    plan_name: null,
    user_id: 7,
    user_first_name: 'Maya',
    user_last_name: 'Lopez',
    user_email: 'maya.lopez@northwind.example',
    user_avatar: null,
    portal_invite_pending: false,
    created_at: '2024-10-01T08:15:00.000Z',
    archived_at: null,
    approval_mode: 'internal_then_client',
    billing_address: '214 Roast Street\nPortland, OR 97205\nUnited States',
    tax_id: 'US 12-3456789',
  });
  return {
    Client: client,
    BillingDetails: withExample(ZBillingDetailsSchema, { billing_address: client.example.billing_address, tax_id: client.example.tax_id }),
    PaginatedClients: withExample(paginated(ZClientSchema), examplePage([client.example], 57, '/api/clients/')),
    ClientForm: withExample(ZClientFormSchema, {
      name: 'Maya Lopez',
      email: 'maya.lopez@northwind.example',
      company: 'Northwind Coffee',
      package: 'growth',
      monthly_fee: 3000,
      platforms: ['Instagram', 'TikTok'],
      status: 'active',
      payment_status: 'pending',
      account_manager_id: 2,
      next_payment: '2025-04-01',
    }),
    UpdateClient: withExample(ZUpdateClientSchema, { monthly_fee: 3500, package: 'professional' }),
    UpdatePaymentStatus: withExample(ZUpdatePaymentStatusSchema, { payment_status: 'paid' }),
    ClientSummary: withExample(ZClientSummarySchema, { total: 12, active: 9, monthly_revenue: 31500, overdue: 1 }),
    ClientPackage: withExample(ZClientPackageSchema, 'growth'),
    ClientPlatform: withExample(ZClientPlatformSchema, 'Instagram'),
    ClientStatus: withExample(ZClientStatusSchema, 'active'),
    PaymentStatus: withExample(ZPaymentStatusSchema, 'paid'),
  } satisfies TOpenApiSchemas;
}
