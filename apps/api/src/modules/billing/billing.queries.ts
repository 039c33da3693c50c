import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { clients, invoices, orders, paymentCustomers, payments, subscriptions, users, webhookEvents } from '../../db/schema';
import type { Db } from '../../db/types';
import type { PaymentProviderName } from '../../integrations/payments/provider';
import { amountDueSql } from '../invoices';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

// ---- Customers -----------------------------------------------------------------------------------

export async function findCustomerId(db: Db, clientId: number, provider: PaymentProviderName): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.clientId, clientId), eq(paymentCustomers.provider, provider)))
    .limit(1);
  return row?.customerId;
}

/** Records the client's customer id unless one is there already; answers the one that is kept. */
export async function saveCustomerId(db: Db, clientId: number, provider: PaymentProviderName, customerId: string): Promise<string> {
  await db.insert(paymentCustomers).values({ clientId, provider, customerId }).onConflictDoNothing();
  return (await findCustomerId(db, clientId, provider)) ?? customerId;
}

export async function clientOfCustomer(db: Db, provider: PaymentProviderName, customerId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ clientId: paymentCustomers.clientId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.provider, provider), eq(paymentCustomers.customerId, customerId)))
    .limit(1);
  return row?.clientId;
}

/** What a customer record at the provider is made of. */
export async function clientContact(db: Db, clientId: number) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, email: clients.email, userEmail: users.email, archivedAt: clients.archivedAt })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

// ---- Subscriptions -------------------------------------------------------------------------------

/** The client's newest subscription in one of `statuses`. */
export async function latestSubscription(db: Db, clientId: number, statuses: SubscriptionRow['status'][]): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.clientId, clientId), inArray(subscriptions.status, statuses)))
    .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
    .limit(1);
  return row;
}

export async function findSubscriptionByProviderId(db: Db, provider: PaymentProviderName, providerSubscriptionId: string) {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
    .limit(1);
  return row;
}

export async function insertSubscription(db: Db, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRow> {
  const [row] = await db.insert(subscriptions).values(values).returning();
  return row!;
}

export async function updateSubscription(db: Db, id: number, values: Partial<typeof subscriptions.$inferInsert>): Promise<SubscriptionRow> {
  const [row] = await db.update(subscriptions).set(values).where(eq(subscriptions.id, id)).returning();
  return row!;
}

// ---- Invoices (read to pay them; the invoices module writes them) --------------------------------

/** The invoice of a client, for paying it (no other client's: undefined). */
/**
 * The client's invoice as Pay Now charges it. `lock`: the row stays locked for the rest of the transaction, so a charge
 * claimed meanwhile and a payment the agency records (invoices' recordPayment locks it too) take turns.
 */
export async function findOwnInvoice(db: Db, clientId: number, invoiceId: number, lock = false) {
  const query = db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      /** What Pay Now charges: what is still owed (less a part payment the agency recorded). */
      amount: amountDueSql,
      status: invoices.status,
      description: invoices.description,
      provider: invoices.provider,
      providerInvoiceId: invoices.providerInvoiceId,
    })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.clientId, clientId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** An invoice's number (how the audit log names a payment's invoice). */
export async function invoiceNumberOf(db: Db, invoiceId: number): Promise<string | undefined> {
  const [row] = await db.select({ number: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  return row?.number;
}

// ---- Payments (Pay Now and orders) ---------------------------------------------------------------

export async function insertPayment(db: Db, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoUpdate({ target: payments.providerPaymentIntentId, set: { updatedAt: sql`now()` } })
    .returning();
  return row!;
}

export async function findPaymentByIntent(db: Db, providerPaymentIntentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentIntentId, providerPaymentIntentId)).limit(1);
  return row;
}

export async function updatePayment(db: Db, id: number, values: Partial<typeof payments.$inferInsert>) {
  await db.update(payments).set(values).where(eq(payments.id, id));
}

/** How many payment attempts an invoice or order has had (part of the next attempt's idempotency key). */
export async function countPaymentsFor(db: Db, target: { invoiceId: number } | { orderId: number }): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where('invoiceId' in target ? eq(payments.invoiceId, target.invoiceId) : eq(payments.orderId, target.orderId));
  return Number(row?.n ?? 0);
}

/** The attempt still waiting for a card for exactly this amount, if any (a second Pay Now click reuses it). */
export async function openPaymentFor(db: Db, target: { invoiceId: number } | { orderId: number }, amount: string, provider: PaymentProviderName) {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        'invoiceId' in target ? eq(payments.invoiceId, target.invoiceId) : eq(payments.orderId, target.orderId),
        eq(payments.provider, provider),
        eq(payments.amount, amount),
        inArray(payments.status, ['requires_payment_method', 'requires_action']),
      ),
    )
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

// ---- Orders --------------------------------------------------------------------------------------

/** An order of the signed-in user (no one else's: undefined). */
export async function findOwnOrder(db: Db, userId: number, orderId: number) {
  const [row] = await db
    .select({ id: orders.id, status: orders.status, total: orders.total, clientId: orders.clientId })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return row;
}


// ---- Webhook events ------------------------------------------------------------------------------

/** Records an event as handled; false when it was already (a redelivery). */
export async function recordWebhookEvent(db: Db, provider: PaymentProviderName, eventId: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider, eventId, type })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}
