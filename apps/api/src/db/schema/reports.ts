import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { tstz } from './helpers';
import { users } from './users';

/**
 * A client's scheduled monthly performance report (one row per client): while enabled, the report of each
 * month that ended is rendered as a PDF and e-mailed to the client on the 1st. last_sent_month is claimed
 * atomically by the job, so a month goes out once even when the job runs twice or on two instances.
 */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** When it was last switched on: months that ended before are not sent (no back-fill). */
    enabledAt: tstz('enabled_at'),
    /** YYYY-MM of the last month whose report went out. */
    lastSentMonth: varchar('last_sent_month', { length: 7 }),
    lastSentAt: tstz('last_sent_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_schedules_client_unique').on(t.clientId),
    index('report_schedules_enabled_idx').on(t.enabled).where(sql`${t.enabled}`),
    check('report_schedules_month_check', sql`${t.lastSentMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
