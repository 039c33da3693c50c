import { z } from 'zod';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

/**
 * Small building blocks shared by the resource contracts (query flags, form inputs with the spec's messages,
 * bulk-action answers). Kept apart from common/ so that file stays as it is.
 */

/** A boolean in a query string: accepts true/false/1/0 (and real booleans); anything else is a 400. */
export const ZQueryBoolean = z.preprocess((v) => {
  if (v === 'true' || v === '1' || v === true) return true;
  if (v === 'false' || v === '0' || v === false) return false;
  return v;
}, z.boolean({ invalid_type_error: 'Use true or false' }));

/** Free-text search of a list (case-insensitive, server-side). Empty means no search. */
export const ZSearchQuery = z.string().trim().max(200).optional();

/** A date filter in a query: YYYY-MM-DD or a full ISO date-time. */
export const ZDateOrDateTimeQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'Use YYYY-MM-DD or an ISO date-time')
  .optional();

/** A required text field of a form, trimmed, with the message to show when it is empty. */
export const requiredText = (message: string, max = 200) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, `At most ${max} characters`);

/** A required e-mail address of a form, trimmed and lower-cased, with the message to show when it is empty. */
export const requiredEmail = (message: string, invalidMessage = 'Enter a valid email address') =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(254)
    .email(invalidMessage)
    .transform((v) => v.toLowerCase());

/** A required id picked in a form (a select gives '' when nothing is picked). */
export const requiredId = (message: string) =>
  z.coerce
    .number({ required_error: message, invalid_type_error: message })
    .int(message)
    .positive(message);

/** A required ISO 8601 date-time with offset (e.g. 2025-03-01T09:30:00.000Z; web forms send `toISOString()`). */
export const requiredDateTime = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .min(1, message)
    .datetime({ offset: true, message: 'Enter a valid date and time' });

/** A required calendar date, YYYY-MM-DD (what `<input type="date">` gives). */
export const requiredDate = (message: string) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .min(1, message)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');

export const INVALID_URL = 'Enter a valid URL';
export const URL_NOT_HTTP = 'Enter a web address that starts with http:// or https://';

/**
 * An absolute http:// or https:// URL, the only kind the product stores: zod's url() alone also takes
 * javascript:, data:, file: and any other scheme. Every URL field of the contract is built on this one.
 */
export const httpUrl = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters')
  .superRefine((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: INVALID_URL });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: z.ZodIssueCode.custom, message: URL_NOT_HTTP });
  });

/** An optional URL field of a form: '' (an empty input) becomes null; null clears it. */
export const optionalUrl = z
  .union([
    httpUrl,
    z.literal('').transform(() => null),
    z.null(),
  ])
  .optional();

/** Ids of a bulk action: at least one, at most 500. */
export const bulkIds = (field: string) =>
  z
    .array(z.coerce.number().int().positive(), {
      required_error: `${field} is required`,
      invalid_type_error: `${field} must be a list of ids`,
    })
    .min(1, 'Select at least one item')
    .max(500, 'At most 500 items at once');

export const ZUpdatedCountSchema = z.object({ updated: z.number().int().describe('How many rows changed') });
export type TUpdatedCount = z.infer<typeof ZUpdatedCountSchema>;
export const ZDeletedCountSchema = z.object({ deleted: z.number().int().describe('How many rows were deleted') });
export type TDeletedCount = z.infer<typeof ZDeletedCountSchema>;

/** A share in percent (0..100) or a change in percent (may be negative); null when there is no earlier period to compare with. */
export const ZPercentChange = z
  .number()
  .nullable()
  .describe('Change against the previous period in percent (12.5 = +12.5%); null when there is no earlier period');

/** engagement_rate and every engagement figure travels as a fraction (0.042 = 4.2%). */
export const ZEngagementFraction = z.number().min(0).max(1).describe('A fraction 0..1 (0.042 = 4.2%); show ×100 with one decimal');

/** ISO 8601 UTC timestamp as sent by the API. */
export const ZTimestamp = z.string().describe('ISO 8601 date-time, UTC');
/** Calendar date as sent by the API. */
export const ZDateString = z.string().describe('Calendar date YYYY-MM-DD');

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function sharedOpenApiSchemas() {
  return {
    UpdatedCount: withExample(ZUpdatedCountSchema, { updated: 3 }),
    DeletedCount: withExample(ZDeletedCountSchema, { deleted: 2 }),
  } satisfies TOpenApiSchemas;
}
