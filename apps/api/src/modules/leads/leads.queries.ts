import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { leads } from '../../db/schema';
import type { Db } from '../../db/types';

export type LeadRow = typeof leads.$inferSelect;
export type LeadInsert = typeof leads.$inferInsert;

export interface LeadListParams {
  pattern?: string | undefined;
  status?: LeadRow['status'] | undefined;
  inquiryType?: LeadRow['inquiryType'] | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

const ORDER_COLUMNS: Record<string, SQL> = {
  created_at: sql`${leads.createdAt}`,
  name: sql`lower(${leads.name})`,
  status: sql`${leads.status}`,
};

function listWhere(p: LeadListParams): SQL | undefined {
  return and(
    p.status ? eq(leads.status, p.status) : undefined,
    p.inquiryType ? eq(leads.inquiryType, p.inquiryType) : undefined,
    p.pattern
      ? or(
          ilike(leads.name, p.pattern),
          ilike(leads.email, p.pattern),
          ilike(leads.company, p.pattern),
          ilike(leads.subject, p.pattern),
          ilike(leads.message, p.pattern),
        )
      : undefined,
  );
}

export async function countLeads(db: Db, p: LeadListParams): Promise<number> {
  const [row] = await db.select({ n: count() }).from(leads).where(listWhere(p));
  return Number(row?.n ?? 0);
}

export async function listLeads(db: Db, p: LeadListParams): Promise<LeadRow[]> {
  const descending = p.ordering.startsWith('-');
  const column = ORDER_COLUMNS[descending ? p.ordering.slice(1) : p.ordering] ?? ORDER_COLUMNS.created_at!;
  return db
    .select()
    .from(leads)
    .where(listWhere(p))
    .orderBy(descending ? sql`${column} desc` : sql`${column} asc`, descending ? desc(leads.id) : asc(leads.id))
    .limit(p.limit)
    .offset(p.offset);
}

export async function insertLead(db: Db, values: LeadInsert): Promise<LeadRow> {
  const [row] = await db.insert(leads).values(values).returning();
  return row!;
}

/** The lead, locked for the rest of the transaction when `lock` is set (so two conversions cannot race). */
export async function findLead(db: Db, id: number, lock = false): Promise<LeadRow | undefined> {
  const query = db.select().from(leads).where(eq(leads.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateLead(db: Db, id: number, values: Partial<LeadInsert>): Promise<LeadRow | undefined> {
  const [row] = await db.update(leads).set(values).where(eq(leads.id, id)).returning();
  return row;
}
