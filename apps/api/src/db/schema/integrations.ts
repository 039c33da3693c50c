import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { TApiKeyScopes } from '@agency/contract';
import { users } from './users';

/** Integrators' API keys: only the SHA-256 of the key is stored, with its visible prefix. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    keyHash: varchar('key_hash', { length: 64 }).notNull(),
    scopes: jsonb('scopes').$type<TApiKeyScopes>().notNull(),
    /** The admin the key acts as; the key goes with the account. */
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_hash_unique').on(t.keyHash), index('api_keys_created_idx').on(t.createdAt, t.id)],
);

/** Every request made with an API key, refused ones included (the key's audit log). */
export const apiKeyUses = pgTable(
  'api_key_uses',
  {
    id: serial('id').primaryKey(),
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().default(sql`now()`),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    status: smallint('status').notNull(),
    ip: varchar('ip', { length: 64 }).notNull(),
  },
  (t) => [index('api_key_uses_key_at_idx').on(t.keyId, t.at, t.id)],
);
