import { and, desc, eq, sql } from 'drizzle-orm';
import type { TWebhookEvent } from '@agency/contract';
import { orderLines, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { cappedCount } from '../../db/list-queries';
import type { Db } from '../../db/types';

export type EndpointInsert = typeof webhookEndpoints.$inferInsert;
export type DeliveryInsert = typeof webhookDeliveries.$inferInsert;
export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * The newest delivery of the endpoint row being read, for a scalar subquery. The outer id is written out in full:
 * a column of a one-table select renders unqualified, and inside the subquery "id" would be the delivery's.
 */
const newestDelivery = sql`from ${webhookDeliveries} d where d.endpoint_id = ${sql.raw('"webhook_endpoints"."id"')} order by d.created_at desc, d.id desc limit 1`;

/** The endpoint with its newest delivery (two lookups on the delivery index). */
const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  description: webhookEndpoints.description,
  events: webhookEndpoints.events,
  enabled: webhookEndpoints.enabled,
  disabledReason: webhookEndpoints.disabledReason,
  createdAt: webhookEndpoints.createdAt,
  lastDeliveryAt: sql<string | null>`(select d.created_at ${newestDelivery})`,
  lastDeliveryStatus: sql<DeliveryStatus | null>`(select d.status ${newestDelivery})`,
};

export async function insertEndpoint(db: Db, values: EndpointInsert): Promise<number> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning({ id: webhookEndpoints.id });
  return row!.id;
}

export async function findEndpoint(db: Db, id: number) {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).limit(1);
  return row;
}

export type EndpointRow = NonNullable<Awaited<ReturnType<typeof findEndpoint>>>;

export function countEndpoints(db: Db) {
  return cappedCount(db, db.select({ one: sql`1` }).from(webhookEndpoints).$dynamic());
}

export function listEndpoints(db: Db, window: { limit: number; offset: number }) {
  return db.select(endpointColumns).from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id)).limit(window.limit).offset(window.offset);
}

export async function updateEndpoint(db: Db, id: number, values: Partial<EndpointInsert>): Promise<boolean> {
  const rows = await db.update(webhookEndpoints).set(values).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function deleteEndpoint(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The enabled endpoints that take this event. */
export function subscribedEndpoints(db: Db, event: TWebhookEvent) {
  return db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`));
}

/** What a delivery attempt needs: the delivery and its endpoint (with the encrypted secret). */
export async function findDeliveryToSend(db: Db, id: number) {
  const [row] = await db
    .select({
      id: webhookDeliveries.id,
      status: webhookDeliveries.status,
      eventType: webhookDeliveries.eventType,
      body: webhookDeliveries.body,
      endpointId: webhookEndpoints.id,
      url: webhookEndpoints.url,
      enabled: webhookEndpoints.enabled,
      secretEncrypted: webhookEndpoints.secretEncrypted,
      createdBy: webhookEndpoints.createdBy,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, id))
    .limit(1);
  return row;
}

export async function insertDelivery(db: Db, values: DeliveryInsert): Promise<number> {
  const [row] = await db.insert(webhookDeliveries).values(values).returning({ id: webhookDeliveries.id });
  return row!.id;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  eventType: webhookDeliveries.eventType,
  body: webhookDeliveries.body,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  lastError: webhookDeliveries.lastError,
  createdAt: webhookDeliveries.createdAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
};

export async function findDelivery(db: Db, id: number) {
  const [row] = await db.select(deliveryColumns).from(webhookDeliveries).where(eq(webhookDeliveries.id, id)).limit(1);
  return row;
}

export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof findDelivery>>>;

const deliveriesWhere = (endpointId: number, status: DeliveryStatus | undefined) =>
  and(eq(webhookDeliveries.endpointId, endpointId), status ? eq(webhookDeliveries.status, status) : undefined);

export function countDeliveries(db: Db, endpointId: number, status: DeliveryStatus | undefined) {
  return cappedCount(db, db.select({ one: sql`1` }).from(webhookDeliveries).where(deliveriesWhere(endpointId, status)).$dynamic());
}

export function listDeliveries(db: Db, endpointId: number, status: DeliveryStatus | undefined, window: { limit: number; offset: number }) {
  return db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .where(deliveriesWhere(endpointId, status))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(window.limit)
    .offset(window.offset);
}

export async function recordAttempt(
  db: Db,
  id: number,
  values: { status: DeliveryStatus; responseStatus: number | null; lastError: string | null; at: Date },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: values.status,
      responseStatus: values.responseStatus,
      lastError: values.lastError,
      lastAttemptAt: values.at,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      ...(values.status === 'succeeded' ? { deliveredAt: values.at } : {}),
    })
    .where(eq(webhookDeliveries.id, id));
}

/** Whether every line of the order is delivered (completed, or delivered and then refilled or asked to be). */
export async function orderFullyDelivered(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ open: sql<number>`count(*) filter (where ${orderLines.status} not in ('completed', 'refill_requested', 'refilled'))::int`, all: sql<number>`count(*)::int` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId));
  return Number(row?.all ?? 0) > 0 && Number(row?.open ?? 0) === 0;
}
