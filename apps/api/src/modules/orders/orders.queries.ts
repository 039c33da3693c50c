import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { TIntakeStatus, TOrderItemStatus } from '@agency/contract';
import { clients, intakeForms, invoices, metricSnapshots, orderLines, orders, payments, promoCodes, socialAccounts } from '../../db/schema';
import { cappedCount } from '../../db/list-queries';
import type { CappedCount } from '../../core/paging';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import { DONE_STATUSES } from './delivery';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;

// ---- Orders ----------------------------------------------------------------------------------------

export interface OrderListParams {
  /** A client's own orders; null: every order (staff). */
  clientScope: ClientScope;
  status?: OrderRow['status'] | undefined;
  client?: number | undefined;
  delivery?: TOrderItemStatus | undefined;
  overdue?: boolean | undefined;
  intake?: TIntakeStatus | undefined;
  pattern?: string | undefined;
  /** The search as an order number, when it is one ('57', '#57'). */
  orderId?: number | undefined;
  now: Date;
  ordering: string;
  limit: number;
  offset: number;
}

const ORDER_COLUMNS: Record<string, SQL> = {
  created_at: sql`${orders.createdAt}`,
  total: sql`${orders.total}`,
};

/** The order has a line matching `where`. */
const lineOf = (where: SQL | undefined) => sql`exists (select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and ${where})`;

function listWhere(p: OrderListParams): SQL | undefined {
  return and(
    inClientScope(orders.clientId, p.clientScope),
    p.client ? eq(orders.clientId, p.client) : undefined,
    p.status ? eq(orders.status, p.status) : undefined,
    p.delivery ? lineOf(eq(orderLines.status, p.delivery)) : undefined,
    p.overdue === true ? lineOf(overdueLine(p.now)) : undefined,
    p.intake
      ? sql`exists (select 1 from ${intakeForms} where ${intakeForms.orderId} = ${orders.id} and ${intakeForms.status} = ${p.intake})`
      : undefined,
    p.pattern
      ? or(
          p.orderId !== undefined ? eq(orders.id, p.orderId) : undefined,
          ilike(clients.name, p.pattern),
          ilike(clients.company, p.pattern),
          lineOf(ilike(orderLines.target, p.pattern)),
        )
      : undefined,
  );
}

/** A line that is being delivered and is past its expected date. */
export function overdueLine(now: Date): SQL {
  return and(
    notInArray(orderLines.status, ['pending', ...DONE_STATUSES]),
    lt(orderLines.expectedDeliveryAt, now),
  )!;
}

export function countOrders(db: Db, p: OrderListParams): Promise<CappedCount> {
  return cappedCount(db, db.select({ one: sql`1` }).from(orders).leftJoin(clients, eq(clients.id, orders.clientId)).where(listWhere(p)).$dynamic());
}

const orderColumns = {
  order: orders,
  clientName: clients.name,
  promoCode: promoCodes.code,
  invoiceNumber: invoices.invoiceNumber,
  intakeId: intakeForms.id,
  intakeStatus: intakeForms.status,
  // Why the latest payment attempt failed (the confirmation page and the client's orders say it).
  paymentError: sql<string | null>`(
    select ${payments.failureMessage} from ${payments}
    where ${payments.orderId} = ${orders.id} and ${payments.status} = 'failed'
    order by ${payments.id} desc limit 1)`,
};
export type OrderListRow = {
  order: OrderRow;
  clientName: string | null;
  promoCode: string | null;
  invoiceNumber: string | null;
  intakeId: number | null;
  intakeStatus: string | null;
  paymentError: string | null;
};

function selectOrders(db: Db) {
  return db
    .select(orderColumns)
    .from(orders)
    .leftJoin(clients, eq(clients.id, orders.clientId))
    .leftJoin(promoCodes, eq(promoCodes.id, orders.promoCodeId))
    .leftJoin(invoices, eq(invoices.id, orders.invoiceId))
    .leftJoin(intakeForms, eq(intakeForms.orderId, orders.id));
}

export async function listOrders(db: Db, p: OrderListParams): Promise<OrderListRow[]> {
  const descending = p.ordering.startsWith('-');
  const column = ORDER_COLUMNS[descending ? p.ordering.slice(1) : p.ordering] ?? ORDER_COLUMNS.created_at!;
  return selectOrders(db)
    .where(listWhere(p))
    .orderBy(descending ? sql`${column} desc` : sql`${column} asc`, descending ? desc(orders.id) : asc(orders.id))
    .limit(p.limit)
    .offset(p.offset);
}

/** One order, within the caller's scope (another client's: undefined). */
export async function findOrder(db: Db, clientScope: ClientScope, id: number): Promise<OrderListRow | undefined> {
  const [row] = await selectOrders(db)
    .where(and(eq(orders.id, id), inClientScope(orders.clientId, clientScope)))
    .limit(1);
  return row;
}

export async function linesOf(db: Db, orderIds: number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db.select().from(orderLines).where(inArray(orderLines.orderId, orderIds)).orderBy(asc(orderLines.id));
}

export async function insertOrder(db: Db, values: typeof orders.$inferInsert): Promise<OrderRow> {
  const [row] = await db.insert(orders).values(values).returning();
  return row!;
}

export async function insertLines(db: Db, values: (typeof orderLines.$inferInsert)[]): Promise<void> {
  await db.insert(orderLines).values(values);
}

/** pending|failed → succeeded, once (a redelivered event finds it paid already). */
export async function markOrderPaid(db: Db, id: number, now: Date): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ status: 'succeeded', paidAt: now, updatedAt: now })
    .where(and(eq(orders.id, id), inArray(orders.status, ['pending', 'failed'])))
    .returning();
  return row;
}

export async function setOrderStatus(db: Db, id: number, from: OrderRow['status'][], status: OrderRow['status'], now: Date): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ status, updatedAt: now })
    .where(and(eq(orders.id, id), inArray(orders.status, from)))
    .returning({ id: orders.id });
  return rows.length > 0;
}

export async function setOrderInvoice(db: Db, id: number, invoiceId: number): Promise<void> {
  await db.update(orders).set({ invoiceId }).where(eq(orders.id, id));
}

/** Whether the client has a paid order (first-order codes are for those who have none). */
export async function hasPaidOrder(db: Db, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.clientId, clientId), eq(orders.status, 'succeeded')))
    .limit(1);
  return row !== undefined;
}

// ---- Lines -----------------------------------------------------------------------------------------

export async function findLine(db: Db, lineId: number, lock = false): Promise<OrderLineRow | undefined> {
  const query = db.select().from(orderLines).where(eq(orderLines.id, lineId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function updateLine(db: Db, id: number, values: Partial<typeof orderLines.$inferInsert>): Promise<void> {
  await db.update(orderLines).set(values).where(eq(orderLines.id, id));
}

/** Paid lines by id within the scope, with their order's client, locked (a bulk change is all or none). */
export async function findPaidLines(db: Db, scope: ClientScope, ids: number[]): Promise<(OrderLineRow & { clientId: number | null })[]> {
  return db
    .select({ line: orderLines, clientId: orders.clientId })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(inArray(orderLines.id, ids), eq(orders.status, 'succeeded'), inClientScope(orders.clientId, scope)))
    .for('update')
    .then((rows) => rows.map((r) => ({ ...r.line, clientId: r.clientId })));
}

/** Lines measured by these accounts (a sync or a reconnect moved their counts). */
export async function linesMeasuredBy(db: Db, accountIds: number[]): Promise<OrderLineRow[]> {
  if (accountIds.length === 0) return [];
  return db.select().from(orderLines).where(inArray(orderLines.socialAccountId, accountIds));
}

/** The client's active account on a platform, with its latest follower count. */
export async function connectedAccounts(db: Db, clientId: number) {
  return db
    .select({
      id: socialAccounts.id,
      platform: socialAccounts.platform,
      username: socialAccounts.username,
      followers: sql<number | null>`(
        select ${metricSnapshots.followersCount} from ${metricSnapshots}
        where ${metricSnapshots.socialAccountId} = ${socialAccounts.id}
        order by ${metricSnapshots.capturedAt} desc limit 1)`,
    })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.clientId, clientId), eq(socialAccounts.isActive, true), isNull(socialAccounts.disconnectedAt)));
}

/** Latest follower count per account. */
export async function latestFollowers(db: Db, accountIds: number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([metricSnapshots.socialAccountId], {
      accountId: metricSnapshots.socialAccountId,
      followers: metricSnapshots.followersCount,
    })
    .from(metricSnapshots)
    .where(inArray(metricSnapshots.socialAccountId, accountIds))
    .orderBy(metricSnapshots.socialAccountId, desc(metricSnapshots.capturedAt));
  return new Map(rows.filter((r) => r.followers !== null).map((r) => [r.accountId, r.followers!]));
}

// ---- Promo codes ----------------------------------------------------------------------------------

export async function findPromoByCode(db: Db, code: string, lock = false): Promise<PromoCodeRow | undefined> {
  const query = db.select().from(promoCodes).where(eq(promoCodes.code, code.toUpperCase())).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function findPromoById(db: Db, id: number): Promise<PromoCodeRow | undefined> {
  const [row] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).limit(1);
  return row;
}

/** One more use, unless the limit is reached (then false). */
export async function redeemPromo(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(promoCodes)
    .set({ redemptions: sql`${promoCodes.redemptions} + 1` })
    .where(and(eq(promoCodes.id, id), or(isNull(promoCodes.maxRedemptions), lt(promoCodes.redemptions, promoCodes.maxRedemptions))))
    .returning({ id: promoCodes.id });
  return rows.length > 0;
}

export interface PromoListParams {
  pattern?: string | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

const PROMO_COLUMNS: Record<string, SQL> = {
  created_at: sql`${promoCodes.createdAt}`,
  code: sql`${promoCodes.code}`,
  redemptions: sql`${promoCodes.redemptions}`,
};

export async function listPromoCodes(db: Db, p: PromoListParams): Promise<{ count: number; rows: PromoCodeRow[] }> {
  const where = p.pattern ? ilike(promoCodes.code, p.pattern) : undefined;
  const descending = p.ordering.startsWith('-');
  const column = PROMO_COLUMNS[descending ? p.ordering.slice(1) : p.ordering] ?? PROMO_COLUMNS.created_at!;
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(promoCodes).where(where),
    db
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(descending ? sql`${column} desc` : sql`${column} asc`, desc(promoCodes.id))
      .limit(p.limit)
      .offset(p.offset),
  ]);
  return { count: Number(total[0]?.n ?? 0), rows };
}

export async function insertPromoCode(db: Db, values: typeof promoCodes.$inferInsert): Promise<PromoCodeRow> {
  const [row] = await db.insert(promoCodes).values(values).returning();
  return row!;
}

export async function updatePromoCode(db: Db, id: number, values: Partial<typeof promoCodes.$inferInsert>): Promise<PromoCodeRow | undefined> {
  const [row] = await db.update(promoCodes).set(values).where(eq(promoCodes.id, id)).returning();
  return row;
}
