import { z } from 'zod';
import { ZPaginationQuery } from '../common/common.schemas';
import { ZQueryBoolean, ZTimestamp, requiredText } from '../shared/shared.schemas';

/**
 * What an API key may reach, each with read (GET) or write (every method; implies read). A key acts as the admin
 * who made it, on these resources only: never on accounts, settings, billing, files or other keys.
 */
export const API_KEY_RESOURCES = ['clients', 'leads', 'tasks', 'content', 'invoices', 'orders', 'messages', 'analytics'] as const;
export type TApiKeyResource = (typeof API_KEY_RESOURCES)[number];
export const API_KEY_ACCESS = ['read', 'write'] as const;
/** Requests per key per minute; past it 429 with Retry-After. */
export const API_KEY_RATE_PER_MINUTE = 120;
/** Every key starts so: recognisable in a leaked log or by a secret scanner, and apart from sign-in tokens. */
export const API_KEY_MARK = 'agk_';
/** The key's visible start (its prefix "agk_" and 8 more characters), shown in lists and logs. */
export const API_KEY_PREFIX_LENGTH = 12;
export const API_KEY_EXPIRY_DAYS = [30, 90, 365] as const;

export const ZApiKeyScopes = z
  .record(z.enum(API_KEY_RESOURCES, { errorMap: () => ({ message: 'Unknown resource' }) }), z.enum(API_KEY_ACCESS))
  .refine((s) => Object.keys(s).length > 0, 'Choose at least one resource')
  .describe(`Resource → "read" or "write", for any of: ${API_KEY_RESOURCES.join(', ')}`);
export type TApiKeyScopes = Partial<Record<TApiKeyResource, (typeof API_KEY_ACCESS)[number]>>;

export const ZApiKeyCreate = z.object({
  name: requiredText('Name is required', 100),
  scopes: ZApiKeyScopes,
  expires_in_days: z
    .union(API_KEY_EXPIRY_DAYS.map((d) => z.literal(d)) as unknown as [z.ZodLiteral<30>, z.ZodLiteral<90>, z.ZodLiteral<365>])
    .nullable()
    .describe('30, 90 or 365; null for a key that does not expire'),
});
export type TApiKeyCreate = z.infer<typeof ZApiKeyCreate>;

export const ZApiKeyStatus = z.enum(['active', 'expired', 'revoked']);

export const ZApiKey = z.object({
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().describe('The first characters of the key, to recognise it'),
  scopes: ZApiKeyScopes,
  status: ZApiKeyStatus,
  created_at: ZTimestamp,
  created_by_name: z.string().nullable(),
  expires_at: ZTimestamp.nullable(),
  last_used_at: ZTimestamp.nullable(),
  revoked_at: ZTimestamp.nullable(),
});
export type TApiKey = z.infer<typeof ZApiKey>;

export const ZApiKeyCreated = z.object({
  api_key: ZApiKey,
  key: z.string().describe('The whole key, shown this once: only its hash is stored. Send it as Authorization: Bearer <key>'),
});

export const ZApiKeyListQuery = ZPaginationQuery.extend({
  include_revoked: ZQueryBoolean.optional().describe('Revoked and expired keys are left out unless true'),
});

/** One request made with a key (the audit log). */
export const ZApiKeyUse = z.object({
  id: z.number().int(),
  at: ZTimestamp,
  method: z.string(),
  path: z.string().describe('The path without its query string'),
  status: z.number().int().describe('The HTTP status answered, refusals included'),
  ip: z.string(),
});
export type TApiKeyUse = z.infer<typeof ZApiKeyUse>;
