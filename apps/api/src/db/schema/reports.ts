import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, numeric, pgTable, primaryKey, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { tstz } from './helpers';
import { socialAccounts } from './social';
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

/**
 * Each account's metric_snapshots summed per UTC month, kept by triggers on metric_snapshots (migration 0007):
 * every insert, update or delete of snapshots adds or takes away its values. The analytics read whole months
 * of long windows from here (a year is 12 rows per account instead of 365) and only the partial months at a
 * window's edges from the snapshots. Missing metrics are not counted (the *_days columns count the values given).
 */
export const metricMonths = pgTable(
  'metric_months',
  {
    socialAccountId: integer('social_account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    /** The first day of the UTC month. */
    month: date('month', { mode: 'string' }).notNull(),
    reachSum: bigint('reach_sum', { mode: 'number' }).notNull().default(0),
    reachDays: integer('reach_days').notNull().default(0),
    engagementSum: numeric('engagement_sum', { precision: 14, scale: 4 }).notNull().default('0'),
    engagementDays: integer('engagement_days').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.socialAccountId, t.month] }), index('metric_months_month_idx').on(t.month)],
);
