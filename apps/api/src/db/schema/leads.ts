import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { INQUIRY_TYPES, LEAD_STATUSES, type Of } from './enums';
import { inList, timestamps } from './helpers';

/** Contact-form submissions that admins see and can turn into clients. */
export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    company: varchar('company', { length: 200 }).notNull().default(''),
    subject: varchar('subject', { length: 300 }).notNull(),
    message: text('message').notNull(),
    inquiryType: varchar('inquiry_type', { length: 16 }).$type<Of<typeof INQUIRY_TYPES>>().notNull().default('general'),
    status: varchar('status', { length: 16 }).$type<Of<typeof LEAD_STATUSES>>().notNull().default('new'),
    convertedClientId: integer('converted_client_id').references(() => clients.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('leads_status_idx').on(t.status),
    index('leads_created_at_idx').on(t.createdAt),
    index('leads_email_idx').on(sql`lower(${t.email})`),
    check('leads_inquiry_type_check', inList(t.inquiryType, INQUIRY_TYPES)),
    check('leads_status_check', inList(t.status, LEAD_STATUSES)),
  ],
);
