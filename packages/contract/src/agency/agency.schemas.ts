import { z } from 'zod';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

/** The agency's name before its owner sets one (and before the first admin names a company). */
export const DEFAULT_AGENCY_NAME = 'GrowthAgency';

/** The agency's mark: the first letter of its name, upper-cased (the site header, the portal, sign-in). */
export function agencyInitial(name: string): string {
  return Array.from(name.trim())[0]?.toUpperCase() ?? '';
}

/** Invoice numbers start with this unless the owner sets another prefix. */
export const DEFAULT_INVOICE_PREFIX = 'INV-';

/** A text that may be left out or empty (stored as null). */
const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/**
 * The agency as its clients and visitors see it: one name and one set of contact details, shown by the site, the
 * portal, e-mails, invoices and reports. Owners edit it in Settings → Agency.
 */
export const ZAgencyProfileSchema = z.object({
  name: z.string().describe('The agency’s name, shown everywhere the product names the agency'),
  email: z.string().nullable().describe('Contact e-mail shown to clients and visitors'),
  phone: z.string().nullable(),
  address: z.string().nullable().describe('Postal address, shown on invoices'),
  website: z.string().nullable(),
  invoice_prefix: z.string().describe('Invoice numbers are <prefix><year>-<sequence>, e.g. INV-2026-0001'),
});
export type TAgencyProfile = z.infer<typeof ZAgencyProfileSchema>;

/** The profile of an agency nobody has described yet: the default name, no contact details. */
export const DEFAULT_AGENCY_PROFILE: TAgencyProfile = {
  name: DEFAULT_AGENCY_NAME,
  email: null,
  phone: null,
  address: null,
  website: null,
  invoice_prefix: DEFAULT_INVOICE_PREFIX,
};

export const ZAgencyProfileFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter the agency’s name').max(120, 'Use at most 120 characters'),
  email: optionalText(254, 'Use at most 254 characters').refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Enter a valid email address'),
  phone: optionalText(40, 'Use at most 40 characters'),
  address: optionalText(300, 'Use at most 300 characters'),
  website: optionalText(200, 'Use at most 200 characters').refine((v) => v === null || /^https?:\/\/[^\s]+$/.test(v), 'Start the address with https://'),
  invoice_prefix: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,11}$/, 'Use 1–12 letters, digits or hyphens, starting with a letter or digit'),
});
export type TAgencyProfileForm = z.input<typeof ZAgencyProfileFormSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function agencyOpenApiSchemas() {
  const profile = {
    name: 'Northstar Social',
    email: 'hello@northstar.example',
    phone: '+1 415 555 0142',
    address: '500 Market Street, San Francisco, CA 94105',
    website: 'https://northstar.example',
    invoice_prefix: 'INV-',
  };
  return {
    AgencyProfile: withExample(ZAgencyProfileSchema, profile),
    AgencyProfileForm: withExample(ZAgencyProfileFormSchema, profile),
  } satisfies TOpenApiSchemas;
}
