import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { inList, tstz } from './helpers';
import { users } from './users';

/*
 * Accounts and security (issue 28): one-time links, second factors, sign-in challenges, known devices, the agency's
 * security policy, and the audit log. Written by the auth module, except audit_log (the audit module).
 */

export const ACCOUNT_LINK_PURPOSES = ['password_reset', 'email_verify', 'email_change', 'email_change_undo'] as const;

/**
 * Single-use links sent by e-mail: reset a password (1 hour), confirm an address (a sign-up's, or the new one of an
 * e-mail change), undo an e-mail change from the old address (7 days). Only the SHA-256 of the token is stored; the
 * token travels in the link's fragment. `email` is the address the link is about (the new one for a change, the old
 * one to restore for an undo).
 */
export const accountLinks = pgTable(
  'account_links',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 24 }).$type<(typeof ACCOUNT_LINK_PURPOSES)[number]>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    email: varchar('email', { length: 254 }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [
    uniqueIndex('account_links_token_unique').on(t.tokenHash),
    index('account_links_user_purpose_idx').on(t.userId, t.purpose),
    index('account_links_expires_idx').on(t.expiresAt),
    check('account_links_purpose_check', inList(t.purpose, ACCOUNT_LINK_PURPOSES)),
  ],
);

/** Ten one-time recovery codes per user with an authenticator app: only their hashes; a used one is stamped. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    usedAt: tstz('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_code_unique').on(t.userId, t.codeHash)],
);

/** WebAuthn credentials (passkeys) a user registered, named by them. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    /** The credential's id, base64url. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    deviceType: varchar('device_type', { length: 16 }),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastUsedAt: tstz('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

export const AUTH_CHALLENGE_PURPOSES = ['second_factor', 'passkey_sign_in', 'passkey_register', 'totp_enrol'] as const;

/**
 * Short-lived steps of a sign-in or an enrolment: the password step's challenge the code or passkey step redeems
 * (second_factor), a password-less passkey sign-in (no user yet), a passkey being registered, an authenticator app
 * being set up (its secret, encrypted, until the first code checks). Only the token's hash is stored; attempts
 * count wrong codes.
 */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: serial('id').primaryKey(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 24 }).$type<(typeof AUTH_CHALLENGE_PURPOSES)[number]>().notNull(),
    /** The WebAuthn challenge (base64url) a passkey must sign. */
    webauthnChallenge: text('webauthn_challenge'),
    /** A TOTP secret being enrolled, encrypted. */
    pendingSecret: text('pending_secret'),
    attempts: integer('attempts').notNull().default(0),
    /** Where the sign-in came from, for the session it becomes. */
    userAgent: text('user_agent'),
    ip: varchar('ip', { length: 64 }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
  },
  (t) => [
    uniqueIndex('auth_challenges_token_unique').on(t.tokenHash),
    index('auth_challenges_user_idx').on(t.userId),
    index('auth_challenges_expires_idx').on(t.expiresAt),
    check('auth_challenges_purpose_check', inList(t.purpose, AUTH_CHALLENGE_PURPOSES)),
  ],
);

/** The browsers and devices a staff account signed in from: a sign-in from one not listed here is told by e-mail. */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the device's fingerprint (browser and system, from the user agent). */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    label: varchar('label', { length: 200 }).notNull(),
    firstSeenAt: tstz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_user_fingerprint_unique').on(t.userId, t.fingerprint)],
);

/** The agency's security policy: one row (id 1), written by owners. */
export const agencySecurity = pgTable(
  'agency_security',
  {
    id: integer('id').primaryKey().default(1),
    requireStaffTwoFactor: boolean('require_staff_two_factor').notNull().default(false),
    /** Client logins (owners and team members) must set up a second factor too. */
    requireClientTwoFactor: boolean('require_client_two_factor').notNull().default(false),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('agency_security_single_row', sql`${t.id} = 1`)],
);

export const AUDIT_ACTOR_TYPES = ['user', 'api_key', 'webhook', 'system'] as const;

/**
 * Who changed what: one row per write by a person, an API key, a webhook or a job, inserted in the transaction of the
 * change and never updated (kept 1 year, then pruned). `client_id` is the client the object belongs to, so a client's
 * own log can be read; `internal` rows (internal comments) stay out of it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: tstz('at').notNull().defaultNow(),
    actorType: varchar('actor_type', { length: 16 }).$type<(typeof AUDIT_ACTOR_TYPES)[number]>().notNull(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The person's name, the key's prefix, the webhook's provider or the job's name, as it was then. */
    actorLabel: varchar('actor_label', { length: 200 }).notNull(),
    ip: varchar('ip', { length: 64 }),
    action: varchar('action', { length: 64 }).notNull(),
    objectType: varchar('object_type', { length: 32 }).notNull(),
    objectId: varchar('object_id', { length: 64 }),
    objectLabel: varchar('object_label', { length: 300 }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    /** Fields that changed: { field: [before, after] }, or facts of the action. */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    internal: boolean('internal').notNull().default(false),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_at_idx').on(t.actorUserId, t.at),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.at),
    index('audit_log_client_at_idx').on(t.clientId, t.at),
    index('audit_log_action_at_idx').on(t.action, t.at),
    check('audit_log_actor_type_check', inList(t.actorType, AUDIT_ACTOR_TYPES)),
  ],
);
