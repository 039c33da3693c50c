import { asc, eq, sql } from 'drizzle-orm';
import { agencyProfile, invoiceNumberSequences, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** The company of the first admin: what the agency is called until its owner names it in Settings. */
export async function firstAdminCompany(db: Db): Promise<string> {
  const [row] = await db.select({ company: users.company }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).limit(1);
  return row?.company.trim() ?? '';
}

export type AgencyProfileRow = typeof agencyProfile.$inferSelect;

export async function findAgencyProfile(db: Db): Promise<AgencyProfileRow | undefined> {
  const [row] = await db.select().from(agencyProfile).where(eq(agencyProfile.id, 1)).limit(1);
  return row;
}

export async function saveAgencyProfile(db: Db, values: Omit<typeof agencyProfile.$inferInsert, 'id' | 'createdAt'>): Promise<AgencyProfileRow> {
  const [row] = await db
    .insert(agencyProfile)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: agencyProfile.id, set: values })
    .returning();
  return row!;
}

/**
 * The next invoice number of `year`, taken in the caller's transaction: the year's row stays locked until it
 * commits, so two invoices never share a number, and a rolled-back invoice gives its number back (no gaps).
 */
export async function takeInvoiceNumber(db: Db, year: number): Promise<number> {
  const [row] = await db
    .insert(invoiceNumberSequences)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceNumberSequences.year, set: { lastNumber: sql`${invoiceNumberSequences.lastNumber} + 1` } })
    .returning({ n: invoiceNumberSequences.lastNumber });
  return row!.n;
}
