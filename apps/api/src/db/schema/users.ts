import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ROLES, STAFF_ROLES, type Of } from './enums';
import { inList } from './helpers';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 254 }).notNull(),
    username: varchar('username', { length: 150 }).notNull(),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    role: varchar('role', { length: 16 }).$type<Of<typeof ROLES>>().notNull(),
    /** What a staff account (role admin) may do (STAFF_ROLES); null for clients. */
    staffRole: varchar('staff_role', { length: 16 }).$type<Of<typeof STAFF_ROLES>>(),
    /** Set while the account waits for its invite to be accepted (made by an invite, no password chosen yet). */
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    company: varchar('company', { length: 200 }).notNull().default(''),
    avatar: text('avatar'),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    /** When the person confirmed the address (null: not yet; a sign-up's banner asks them to). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /** The authenticator app's secret, encrypted (core/cipher), once enrolled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true, mode: 'date' }),
    /** The last 30-second step whose code was accepted: a code is never taken twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_unique').on(t.username),
    index('users_role_idx').on(t.role),
    check('users_role_check', sql`${t.role} in ('admin', 'client')`),
    check('users_staff_role_check', sql`(${t.role} = 'admin') = (${t.staffRole} is not null) and (${t.staffRole} is null or ${inList(t.staffRole, STAFF_ROLES)})`),
  ],
);

/**
 * One-time sign-in links of invites: an owner invites a person to the staff (later a client its team members);
 * the link sets the password and signs in. Only the SHA-256 of the token is stored; a fresh invite revokes the old.
 */
export const invites = pgTable(
  'invites',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('invites_token_hash_unique').on(t.tokenHash), index('invites_user_idx').on(t.userId)],
);

/** API tokens: only the SHA-256 of the key is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Slides forward with use (idle lifetime), never past absolute_expires_at. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The hard limit of the session, set at sign-in. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    /** Where the session was opened: shown in the list of sessions. */
    userAgent: text('user_agent'),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash), index('auth_tokens_user_idx').on(t.userId)],
);

/** Short-lived single-use tickets for opening the WebSocket (the long-lived token never goes in a URL). */
export const wsTickets = pgTable(
  'ws_tickets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The API token the ticket was asked with: the socket lives as long as that token (revoking it deletes the ticket). */
    tokenId: integer('token_id')
      .notNull()
      .references(() => authTokens.id, { onDelete: 'cascade' }),
    ticketHash: varchar('ticket_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('ws_tickets_hash_unique').on(t.ticketHash)],
);
