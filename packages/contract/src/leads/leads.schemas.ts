import { z } from 'zod';
import { ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import { CLIENT_PACKAGES, CLIENT_PLATFORMS, INQUIRY_TYPES, LEAD_STATUSES } from '../constants';
import { ZMoneyInput } from '../common/common.schemas';
import { ZSearchQuery, ZTimestamp, requiredEmail, requiredText } from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZLeadStatusSchema = z.enum(LEAD_STATUSES);
export const ZInquiryTypeSchema = z.enum(INQUIRY_TYPES);

/** The public contact form (client-and-public section 5): name, email, subject, message required; email format. */
export const ZContactSchema = z.object({
  name: requiredText('Name is required', 150),
  email: requiredEmail('Email is required', 'Please enter a valid email address'),
  company: z.string().trim().max(200).optional().default(''),
  subject: requiredText('Subject is required', 200),
  message: requiredText('Message is required', 5000),
  inquiryType: ZInquiryTypeSchema.default('general'),
  website: z
    .string()
    .max(500)
    .optional()
    .describe('Honeypot: hidden from people, left empty by them; a filled value marks a bot, answered the same but not stored'),
});
export type TContact = z.input<typeof ZContactSchema>;

export const ZContactResponseSchema = z.object({
  detail: z.string().describe('Confirmation text; the form shows its success banner for 3 seconds'),
});

/** A stored contact-form submission. Field names follow the contact form (inquiryType stays camelCase). */
export const ZLeadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  subject: z.string(),
  message: z.string(),
  inquiryType: ZInquiryTypeSchema,
  status: ZLeadStatusSchema,
  client: z.number().int().nullable().describe('The client created from this lead, once converted'),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TLead = z.infer<typeof ZLeadSchema>;

export const ZLeadListQuery = ZPaginationQuery.extend({
  search: ZSearchQuery.describe('Matches name, email, company, subject and message'),
  status: ZLeadStatusSchema.optional(),
  inquiryType: ZInquiryTypeSchema.optional(),
  ordering: ordering(['created_at', 'name', 'status'], '-created_at'),
});
export type TLeadListQuery = z.input<typeof ZLeadListQuery>;

export const ZUpdateLeadSchema = z.object({ status: ZLeadStatusSchema });
export type TUpdateLead = z.infer<typeof ZUpdateLeadSchema>;

/** Optional overrides for the client created from a lead; name, email and company come from the lead. */
export const ZConvertLeadSchema = z
  .object({
    package: z.enum(CLIENT_PACKAGES),
    monthly_fee: ZMoneyInput,
    platforms: z.array(z.enum(CLIENT_PLATFORMS)),
  })
  .partial();
export type TConvertLead = z.infer<typeof ZConvertLeadSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function leadsOpenApiSchemas() {
  const lead = withExample(ZLeadSchema, {
    id: 19,
    name: 'Sam Rivera',
    email: 'sam@harborbikes.example',
    company: 'Harbor Bikes',
    subject: 'TikTok growth for a bike shop',
    message: 'We want to reach riders in our city. What would a three-month plan cost?',
    inquiryType: 'sales',
    status: 'new',
    client: null,
    created_at: '2025-03-03T08:41:00.000Z',
    updated_at: '2025-03-03T08:41:00.000Z',
  });
  const { name, email, company, subject, message, inquiryType } = lead.example;
  return {
    Lead: lead,
    PaginatedLeads: withExample(paginated(ZLeadSchema), examplePage([lead.example], 1, '/api/leads/')),
    // The contact form that became the lead above.
    Contact: withExample(ZContactSchema, { name, email, company, subject, message, inquiryType }),
    UpdateLead: withExample(ZUpdateLeadSchema, { status: 'contacted' }),
    ConvertLead: withExample(ZConvertLeadSchema, { package: 'starter', monthly_fee: 1500, platforms: ['TikTok'] }),
    LeadStatus: withExample(ZLeadStatusSchema, 'new'),
    InquiryType: withExample(ZInquiryTypeSchema, 'sales'),
  } satisfies TOpenApiSchemas;
}
