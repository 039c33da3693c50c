import { and, eq, gte, sql } from 'drizzle-orm';
import { invoices } from '../../db/schema';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';

const iso = (d: Date) => d.toISOString();

/**
 * What was collected in two windows [a.start, a.end) and [b.start, b.end): the paid invoices by the day they were
 * paid, in one pass over the paid_at index. The dashboard's "collected this month" and the revenue growth of the
 * Performance screen both read it.
 */
export async function paidRevenue(db: Db, scope: ClientScope, a: { start: Date; end: Date }, b: { start: Date; end: Date }) {
  const inWindow = (w: { start: Date; end: Date }) =>
    sql`${invoices.paidAt} >= ${iso(w.start)}::timestamptz and ${invoices.paidAt} < ${iso(w.end)}::timestamptz`;
  const lower = a.start < b.start ? a.start : b.start;
  const [row] = await db
    .select({
      a: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${inWindow(a)}), 0)`,
      b: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${inWindow(b)}), 0)`,
    })
    .from(invoices)
    .where(and(eq(invoices.status, 'paid'), gte(invoices.paidAt, lower), inClientScope(invoices.clientId, scope)));
  return { a: Number(row?.a ?? 0), b: Number(row?.b ?? 0) };
}
