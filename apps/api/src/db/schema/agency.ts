import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';

/**
 * The agency's profile: one row (id 1), written by owners in Settings → Agency. Until it exists the agency is named
 * after the first admin's company (agency.service agencyProfile).
 */
export const agencyProfile = pgTable(
  'agency_profile',
  {
    id: integer('id').primaryKey().default(1),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    address: text('address'),
    website: varchar('website', { length: 200 }),
    invoicePrefix: varchar('invoice_prefix', { length: 12 }).notNull().default('INV-'),
    ...timestamps(),
  },
  (t) => [check('agency_profile_single_row', sql`${t.id} = 1`)],
);

/**
 * The last invoice number issued in each year: an invoice takes the next one in the transaction that inserts it, so
 * numbers are sequential and gapless per year (a rolled-back insert gives its number back).
 */
export const invoiceNumberSequences = pgTable(
  'invoice_number_sequences',
  {
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.year] }), check('invoice_number_sequences_positive', sql`${t.lastNumber} > 0`)],
);
