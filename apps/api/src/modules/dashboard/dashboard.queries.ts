import { and, eq, gte, isNull, or, sql } from 'drizzle-orm';
import { clients } from '../../db/schema';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import { activeClientCount, monthlyRevenueSum } from '../clients';

const iso = (d: Date) => d.toISOString();

/** Active clients and the monthly revenue they bring (the clients module's rules), over the clients in scope. */
export async function clientFigures(db: Db, scope: ClientScope): Promise<{ active: number; monthlyRevenue: string }> {
  const [row] = await db
    .select({ active: activeClientCount, monthlyRevenue: monthlyRevenueSum })
    .from(clients)
    .where(and(isNull(clients.archivedAt), inClientScope(clients.id, scope)));
  return { active: row?.active ?? 0, monthlyRevenue: String(row?.monthlyRevenue ?? '0') };
}

/**
 * Net change of active clients since `since`: active clients added in the window that are still there,
 * minus active clients that existed before the window and were archived in it. (Status changes are not
 * historised, so a client switched to active counts from its creation date.)
 */
export async function activeClientsNetChange(db: Db, scope: ClientScope, since: Date): Promise<number> {
  const s = iso(since);
  const [row] = await db
    .select({
      gained: sql<number>`count(*) filter (where ${clients.archivedAt} is null and ${clients.createdAt} >= ${s}::timestamptz)`,
      lost: sql<number>`count(*) filter (where ${clients.archivedAt} >= ${s}::timestamptz and ${clients.createdAt} < ${s}::timestamptz)`,
    })
    .from(clients)
    .where(
      and(
        eq(clients.status, 'active'),
        or(gte(clients.createdAt, since), gte(clients.archivedAt, since)),
        inClientScope(clients.id, scope),
      ),
    );
  return Number(row?.gained ?? 0) - Number(row?.lost ?? 0);
}
