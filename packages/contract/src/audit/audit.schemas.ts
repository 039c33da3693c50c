import { z } from 'zod';
import { ZIsoDate, ZIsoDateTime, ZPaginationQuery } from '../common/common.schemas';

/** Who acted: a person, an API key (by its prefix, acting as the person who made it), a provider's webhook, or a job. */
export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'webhook', 'system'] as const;
export type TAuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** The kinds of objects the log names, for its filter. */
export const AUDIT_OBJECT_TYPES = [
  'account',
  'session',
  'client',
  'client_member',
  'task',
  'content',
  'invoice',
  'payment',
  'subscription',
  'order',
  'message',
  'file',
  'social_account',
  'staff',
  'api_key',
  'webhook',
  'settings',
  'lead',
  'intake',
  'catalogue',
  'export',
] as const;
export type TAuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

export const ZAuditEntry = z.object({
  id: z.number().int(),
  at: ZIsoDateTime,
  actor_type: z.enum(AUDIT_ACTOR_TYPES),
  actor_user_id: z.number().int().nullable(),
  /** The person's name, "API key ak_1234…", "Stripe webhook" or the job's name. */
  actor: z.string(),
  ip: z.string().nullable(),
  /** What was done, e.g. client.updated, invoice.payment_recorded, auth.signed_in. */
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  object_label: z.string().nullable(),
  client_id: z.number().int().nullable(),
  client_name: z.string().nullable(),
  /** Fields that changed, as [before, after], or the facts of the action. */
  changes: z.record(z.unknown()).nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;

export const ZAuditFilters = z.object({
  /** A person (staff or a client's user). */
  actor: z.coerce.number().int().positive().optional(),
  object_type: z.enum(AUDIT_OBJECT_TYPES, { errorMap: () => ({ message: 'Choose a kind of object from the list' }) }).optional(),
  object_id: z.string().trim().min(1).max(64).optional(),
  /** Actions starting with this: "invoice" finds every invoice action, "invoice.paid" that one. */
  action: z
    .string()
    .trim()
    .toLowerCase()
    .max(64)
    .regex(/^[a-z_.]+$/, 'Actions are words with dots, e.g. invoice.paid')
    .optional(),
  client: z.coerce.number().int().positive().optional(),
  /** From this day (UTC), inclusive. */
  from: ZIsoDate.optional(),
  /** Up to this day (UTC), inclusive. */
  to: ZIsoDate.optional(),
});
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

export const ZAuditListQuery = ZPaginationQuery.merge(ZAuditFilters);
export type TAuditListQuery = z.infer<typeof ZAuditListQuery>;

/** Who can be picked in the log's person filter: everyone who has an entry. */
export const ZAuditActor = z.object({ id: z.number().int(), name: z.string(), role: z.enum(['admin', 'client']) });
export type TAuditActor = z.infer<typeof ZAuditActor>;
