import { and, asc, count, desc, eq, gte, inArray, isNull, lt, or, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import { clients, invoicePayments, invoices, payments, savedCardCharges, users } from '../../db/schema';
import { cappedCount, countCap, rowOrClientMatches } from '../../db/list-queries';
import type { CappedCount } from '../../core/paging';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import type { PaymentProviderName } from '../../integrations/payments/provider';

/** Who is asking (core/actor clientScope): the agency, a manager's clients, or a client its own record. */
export type InvoiceScope = ClientScope;

export interface InvoiceFilters {
  search?: string | undefined;
  status?: (typeof invoices.$inferSelect)['status'] | undefined;
  client?: number | undefined;
  /** created_at >= this instant */
  createdFrom?: Date | undefined;
  /** created_at < this instant */
  createdBefore?: Date | undefined;
  overdue?: boolean | undefined;
  ordering: string;
}

export const invoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  clientId: invoices.clientId,
  clientName: clients.name,
  clientBillingAddress: clients.billingAddress,
  clientTaxId: clients.taxId,
  amount: invoices.amount,
  dueDate: invoices.dueDate,
  description: invoices.description,
  status: invoices.status,
  createdAt: invoices.createdAt,
  paidAt: invoices.paidAt,
  reminderSentAt: invoices.reminderSentAt,
  paidVia: invoices.paidVia,
  paymentCard: invoices.paymentCard,
  refundedAmount: invoices.refundedAmount,
  amountPaid: invoices.amountPaid,
  providerInvoiceId: invoices.providerInvoiceId,
};

export interface InvoiceRow {
  id: number;
  invoiceNumber: string;
  clientId: number;
  clientName: string;
  clientBillingAddress: string | null;
  clientTaxId: string | null;
  amount: string;
  dueDate: string;
  description: string | null;
  status: (typeof invoices.$inferSelect)['status'];
  createdAt: Date;
  paidAt: Date | null;
  reminderSentAt: Date | null;
  paidVia: string | null;
  paymentCard: string | null;
  refundedAmount: string;
  amountPaid: string;
  providerInvoiceId: string | null;
}

export function scopeWhere(scope: InvoiceScope): SQL | undefined {
  return inClientScope(invoices.clientId, scope);
}

/**
 * THE definition of an overdue invoice (invoices.service `isOverdue` is the same rule in TypeScript): stored overdue
 * (a renewal charge failed), or pending with a due date before `today` (YYYY-MM-DD, UTC). Every count, filter and list
 * of overdue invoices uses it; "pending" means pending and not yet due.
 */
export function overdueWhere(today: string | Placeholder): SQL {
  return or(eq(invoices.status, 'overdue'), and(eq(invoices.status, 'pending'), lt(invoices.dueDate, today)))!;
}

/**
 * THE money an invoice brought in: a paid invoice its amount less what was refunded of it; any other (a fully
 * refunded one included) nothing. An invoice counts once it is settled: a part payment recorded on one still owed
 * lowers what it asks for (amountDueSql), not the revenue, so Total Revenue, Total Spent, Collected this month and
 * the reports' Paid (all by paid_at) tell the same story. Total Spent, Total Revenue and the reports' Paid sum it.
 */
export const netPaidAmount = sql<string>`(case when ${invoices.status} = 'paid' then ${invoices.amount} - ${invoices.refundedAmount} else 0 end)`;

/**
 * THE money an invoice still asks for: while pending or overdue, its amount less what was received so far (a part
 * payment); nothing once paid or refunded. The Pending and Overdue figures, the PDF's Balance due and Pay Now use it.
 */
export const amountDueSql = sql<string>`(case when ${invoices.status} in ('pending', 'overdue') then ${invoices.amount} - ${invoices.amountPaid} else 0 end)`;

/** amountDueSql for a row already read. */
export function amountDueOf(row: Pick<InvoiceRow, 'status' | 'amount' | 'amountPaid'>): number {
  if (row.status !== 'pending' && row.status !== 'overdue') return 0;
  return Math.round((Number(row.amount) - Number(row.amountPaid)) * 100) / 100;
}

/** What was received on a row already read (netPaidAmount before refunds). */
export function amountPaidOf(row: Pick<InvoiceRow, 'status' | 'amount' | 'amountPaid'>): number {
  return row.status === 'paid' || row.status === 'refunded' ? Number(row.amount) : Number(row.amountPaid);
}

/** Pending and not past its due date: what the Pending figures and filter count (the rest of pending is overdue). */
export function pendingNotDueWhere(today: string | Placeholder): SQL {
  return and(eq(invoices.status, 'pending'), gte(invoices.dueDate, today))!;
}

/**
 * THE definition of a client's payment status where it has invoices, as a SQL expression on `clientId` (a column of
 * the outer query): overdue when one of its invoices is overdue (overdueWhere), pending while one is still owed, paid
 * when all are settled; null for a client without invoices, whose status is the agency's own mark.
 */
export function paymentStatusFromInvoices(clientId: AnyColumn, today: string | Placeholder): SQL<'paid' | 'overdue' | 'pending' | null> {
  return sql<'paid' | 'overdue' | 'pending' | null>`(select case when bool_or(${overdueWhere(today)}) then 'overdue' when bool_or(${invoices.status} = 'pending') then 'pending' else 'paid' end from ${invoices} where ${invoices.clientId} = ${clientId} having count(*) > 0)`;
}

/** How many invoices the client (`clientId`, a column of the outer query) still owes: pending or overdue. */
export function unpaidInvoiceCount(clientId: AnyColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${invoices} where ${invoices.clientId} = ${clientId} and ${invoices.status} in ('pending', 'overdue'))`;
}

/** The status filter as the screens show statuses: overdue and pending by the definition above, paid as stored. */
function statusWhere(status: NonNullable<InvoiceFilters['status']>, today: string): SQL {
  if (status === 'overdue') return overdueWhere(today);
  if (status === 'pending') return pendingNotDueWhere(today);
  return eq(invoices.status, status);
}

function filtersWhere(scope: InvoiceScope, f: Omit<InvoiceFilters, 'ordering'>, today: string): SQL | undefined {
  const parts: (SQL | undefined)[] = [scopeWhere(scope)];
  if (f.search) {
    const pattern = f.search;
    parts.push(rowOrClientMatches(invoices.searchText, invoices.clientId, pattern));
  }
  if (f.status) parts.push(statusWhere(f.status, today));
  if (f.client !== undefined && scope.kind !== 'own') parts.push(eq(invoices.clientId, f.client));
  if (f.createdFrom) parts.push(gte(invoices.createdAt, f.createdFrom));
  if (f.createdBefore) parts.push(lt(invoices.createdAt, f.createdBefore));
  if (f.overdue === true) parts.push(overdueWhere(today));
  if (f.overdue === false) parts.push(sql`not (${overdueWhere(today)})`);
  return and(...parts);
}

const ORDER_COLUMNS = {
  created_at: invoices.createdAt,
  amount: invoices.amount,
  status: invoices.status,
  due_date: invoices.dueDate,
} as const;

function orderBy(ordering: string): SQL[] {
  const descending = ordering.startsWith('-');
  const key = (descending ? ordering.slice(1) : ordering) as keyof typeof ORDER_COLUMNS;
  const column = ORDER_COLUMNS[key] ?? invoices.createdAt;
  const dir = descending ? desc : asc;
  return [dir(column), dir(invoices.id)];
}

/** `search` must already be a LIKE pattern (likePattern()). */
export async function listInvoices(
  db: Db,
  scope: InvoiceScope,
  f: InvoiceFilters,
  today: string,
  window: { limit: number; offset: number },
): Promise<InvoiceRow[]> {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(filtersWhere(scope, f, today))
    .orderBy(...orderBy(f.ordering))
    .limit(window.limit)
    .offset(window.offset);
}

export function countInvoices(db: Db, scope: InvoiceScope, f: InvoiceFilters, today: string): Promise<CappedCount> {
  return cappedCount(
    db,
    db.select({ one: sql`1` }).from(invoices).where(filtersWhere(scope, f, today)).$dynamic(),
    countCap(!!f.search),
  );
}

export async function findInvoice(db: Db, scope: InvoiceScope, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(invoices.id, id), scopeWhere(scope)))
    .limit(1);
  return row;
}

export interface InvoiceSummaryRow {
  totalRevenue: string;
  paidCount: number;
  pendingAmount: string;
  pendingCount: number;
  overdueAmount: string;
  overdueCount: number;
  collectedThisMonth: string;
}

/** All the summary cards in one pass over the (scoped) invoices: paid as stored, pending and overdue as defined above. */
export async function invoiceSummary(
  db: Db,
  scope: InvoiceScope,
  month: { start: Date; end: Date },
  today: string,
): Promise<InvoiceSummaryRow> {
  const paid = sql`${invoices.status} = 'paid'`;
  const pending = pendingNotDueWhere(today);
  const overdue = overdueWhere(today);
  const [row] = await db
    .select({
      totalRevenue: sql<string>`coalesce(sum(${netPaidAmount}), 0)`,
      paidCount: sql<number>`count(*) filter (where ${paid})`.mapWith(Number),
      pendingAmount: sql<string>`coalesce(sum(${amountDueSql}) filter (where ${pending}), 0)`,
      pendingCount: sql<number>`count(*) filter (where ${pending})`.mapWith(Number),
      overdueAmount: sql<string>`coalesce(sum(${amountDueSql}) filter (where ${overdue}), 0)`,
      overdueCount: sql<number>`count(*) filter (where ${overdue})`.mapWith(Number),
      collectedThisMonth: sql<string>`coalesce(sum(${netPaidAmount}) filter (where ${invoices.paidAt} >= ${month.start.toISOString()}::timestamptz and ${invoices.paidAt} < ${month.end.toISOString()}::timestamptz), 0)`,
    })
    .from(invoices)
    .where(scopeWhere(scope));
  return row!;
}

export async function recentPayments(db: Db, scope: InvoiceScope, limit: number): Promise<InvoiceRow[]> {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(eq(invoices.status, 'paid'), scopeWhere(scope)))
    .orderBy(sql`${invoices.paidAt} desc nulls last`, desc(invoices.id))
    .limit(limit);
}

/** Overdue or pending-past-due, most overdue (earliest due date) first. */
export async function overdueInvoices(db: Db, scope: InvoiceScope, today: string, limit: number): Promise<InvoiceRow[]> {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(and(overdueWhere(today), scopeWhere(scope)))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(limit);
}

export async function countOverdueInvoices(db: Db, scope: InvoiceScope, today: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(invoices).where(and(overdueWhere(today), scopeWhere(scope)));
  return Number(row?.n ?? 0);
}

export interface ClientRef {
  id: number;
  name: string;
  email: string;
  company: string;
  archivedAt: Date | null;
  userId: number | null;
  userEmail: string | null;
}

export async function findClient(db: Db, clientId: number): Promise<ClientRef | undefined> {
  const [row] = await db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      company: clients.company,
      archivedAt: clients.archivedAt,
      userId: clients.userId,
      userEmail: users.email,
    })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

/** The columns of a new invoice besides its number (status defaults to pending). */
export type NewInvoiceValues = Omit<typeof invoices.$inferInsert, 'id' | 'invoiceNumber' | 'createdAt' | 'updatedAt'> & {
  clientId: number;
  amount: string;
  dueDate: string;
};

/** Inserts unless the number is taken; undefined when it is (no exception, so a transaction stays usable). */
export async function insertInvoiceIfNumberFree(
  db: Db,
  values: NewInvoiceValues & { invoiceNumber: string },
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .insert(invoices)
    .values({ status: 'pending', ...values, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: invoices.invoiceNumber })
    .returning({ id: invoices.id });
  return row?.id;
}

// ---- Payments the agency records by hand ----------------------------------------------------------------

/**
 * Whether a card payment of the invoice is under way (read from billing's tables): a saved-card charge claimed and
 * not yet answered (a crash leaves it so until the client's retry settles it), or a payment the card holder's bank
 * is authenticating or the provider is processing. Recording a payment by hand meanwhile could take the same balance twice.
 */
export async function cardPaymentInFlight(db: Db, invoiceId: number): Promise<boolean> {
  const [claimed] = await db
    .select({ id: savedCardCharges.id })
    .from(savedCardCharges)
    .where(and(eq(savedCardCharges.invoiceId, invoiceId), eq(savedCardCharges.status, 'started')))
    .limit(1);
  if (claimed) return true;
  const [pending] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), inArray(payments.status, ['requires_action', 'processing'])))
    .limit(1);
  return Boolean(pending);
}

/** The invoice's row, locked for the rest of the transaction (two payments recorded at once queue here). */
export async function lockInvoice(db: Db, scope: InvoiceScope, id: number) {
  const [row] = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      amount: invoices.amount,
      amountPaid: invoices.amountPaid,
      paidVia: invoices.paidVia,
      providerInvoiceId: invoices.providerInvoiceId,
    })
    .from(invoices)
    .where(and(eq(invoices.id, id), scopeWhere(scope)))
    .for('update');
  return row;
}

export async function userName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ first: users.firstName, last: users.lastName, username: users.username, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return `${row.first} ${row.last}`.trim() || row.username || row.email;
}

export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

export async function insertInvoicePayment(db: Db, values: typeof invoicePayments.$inferInsert): Promise<InvoicePaymentRow> {
  const [row] = await db.insert(invoicePayments).values(values).returning();
  return row!;
}

export async function listInvoicePayments(db: Db, invoiceId: number): Promise<InvoicePaymentRow[]> {
  return db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(asc(invoicePayments.recordedAt), asc(invoicePayments.id));
}

/** A payment with its invoice's client, for the scope check; locks nothing. */
export async function findInvoicePayment(db: Db, scope: InvoiceScope, paymentId: number) {
  const [row] = await db
    .select({ payment: invoicePayments })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(and(eq(invoicePayments.id, paymentId), scopeWhere(scope)))
    .limit(1);
  return row?.payment;
}

/** Marks a payment reversed unless it already is; the row as it now is, or undefined when it already was. */
export async function reverseInvoicePaymentIfCounting(
  db: Db,
  paymentId: number,
  values: { reversedAt: Date; reversedBy: number | null; reversedByName: string | null; reversalReason: string },
): Promise<InvoicePaymentRow | undefined> {
  const [row] = await db
    .update(invoicePayments)
    .set(values)
    .where(and(eq(invoicePayments.id, paymentId), isNull(invoicePayments.reversedAt)))
    .returning();
  return row;
}

/** The recorded payments that still count on an invoice, summed in SQL. */
export async function countingPaymentsTotal(db: Db, invoiceId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${invoicePayments.amount}), 0)` })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, invoiceId), isNull(invoicePayments.reversedAt)));
  return row?.total ?? '0';
}

// ---- Invoices paid at the payment provider ------------------------------------------------------------

export async function findInvoiceByProviderId(db: Db, provider: PaymentProviderName, providerInvoiceId: string) {
  const [row] = await db
    .select({ id: invoices.id, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.provider, provider), eq(invoices.providerInvoiceId, providerInvoiceId)))
    .limit(1);
  return row;
}

export async function updateInvoice(db: Db, id: number, values: Partial<typeof invoices.$inferInsert>) {
  await db.update(invoices).set(values).where(eq(invoices.id, id));
}

/** unpaid → paid by card, atomically; false when it was not unpaid (already paid or refunded). */
export async function markInvoicePaidByCard(
  db: Db,
  id: number,
  values: { paymentCard: string | null; paymentIntentId: string | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(invoices)
    .set({
      status: 'paid',
      paidAt: values.now,
      paidVia: 'card',
      paymentCard: values.paymentCard,
      ...(values.paymentIntentId ? { paymentIntentId: values.paymentIntentId } : {}),
      amountPaid: sql`${invoices.amount}`,
      updatedAt: values.now,
    })
    .where(and(eq(invoices.id, id), inArray(invoices.status, ['pending', 'overdue'])))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

export async function setReminderSentAt(db: Db, id: number, now: Date): Promise<Date | undefined> {
  const [row] = await db
    .update(invoices)
    .set({ reminderSentAt: now, updatedAt: now })
    .where(and(eq(invoices.id, id), sql`${invoices.status} in ('pending', 'overdue')`))
    .returning({ reminderSentAt: invoices.reminderSentAt });
  return row?.reminderSentAt ?? undefined;
}

/** Rows for the CSV export: every match, capped. */
export async function exportInvoices(db: Db, scope: InvoiceScope, f: InvoiceFilters, today: string, cap: number): Promise<InvoiceRow[]> {
  return db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(filtersWhere(scope, f, today))
    .orderBy(...orderBy(f.ordering))
    .limit(cap);
}
