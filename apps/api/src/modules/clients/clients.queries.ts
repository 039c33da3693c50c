import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { clients, invoices, users } from '../../db/schema';
import { cappedCountQuery, countCap, searchMatches, toCappedCount } from '../../db/list-queries';
import type { CappedCount } from '../../core/paging';
import { preparedPerDatabase, preparedPerShape } from '../../db/prepared';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import { netPaidAmount, paymentStatusFromInvoices, unpaidInvoiceCount } from '../invoices';

export type ClientInsert = typeof clients.$inferInsert;
type ClientRecord = typeof clients.$inferSelect;

/**
 * The payment status shown and filtered on: its invoices' (the invoices module's rule) when the client has any, else
 * the agency's own mark. `today` (YYYY-MM-DD) decides which pending invoices are past due.
 */
function paymentStatusOf(today: string | Placeholder) {
  return sql<ClientRecord['paymentStatus']>`coalesce(${paymentStatusFromInvoices(clients.id, today)}, ${clients.paymentStatus})`;
}

/** A client row with its linked login; total_spent is added by paidTotals (one grouped query per page). */
const clientColumns = (today: string | Placeholder) => ({
  id: clients.id,
  name: clients.name,
  email: clients.email,
  company: clients.company,
  package: clients.package,
  monthlyFee: clients.monthlyFee,
  platforms: clients.platforms,
  status: clients.status,
  paymentStatus: paymentStatusOf(today),
  paymentStatusFollowsInvoices: sql<boolean>`exists (select 1 from ${invoices} where ${invoices.clientId} = ${clients.id})`,
  unpaidInvoices: unpaidInvoiceCount(clients.id),
  accountManager: clients.accountManager,
  accountManagerUserId: clients.accountManagerUserId,
  nextPayment: clients.nextPayment,
  planName: clients.planName,
  userId: clients.userId,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  userEmail: users.email,
  userAvatar: users.avatar,
  userInvitePending: sql<boolean>`(${users.invitedAt} is not null)`,
  createdAt: clients.createdAt,
  archivedAt: clients.archivedAt,
  approvalMode: clients.approvalMode,
  billingAddress: clients.billingAddress,
  taxId: clients.taxId,
});

export interface ClientRow {
  id: number;
  name: string;
  email: string;
  company: string;
  package: ClientRecord['package'];
  monthlyFee: string;
  platforms: ClientRecord['platforms'];
  status: ClientRecord['status'];
  paymentStatus: ClientRecord['paymentStatus'];
  /** The client has invoices: its payment status is theirs, not the agency's mark. */
  paymentStatusFollowsInvoices: boolean;
  unpaidInvoices: number;
  accountManager: string;
  accountManagerUserId: number | null;
  nextPayment: string | null;
  /** The portal plan the client subscribes to (billing keeps it), or null. */
  planName: string | null;
  userId: number | null;
  userFirstName: string | null;
  userLastName: string | null;
  userEmail: string | null;
  userAvatar: string | null;
  /** The login was invited and has not set its password yet. */
  userInvitePending: boolean | null;
  createdAt: Date;
  archivedAt: Date | null;
  approvalMode: ClientRecord['approvalMode'];
  billingAddress: string | null;
  taxId: string | null;
}

export interface ClientListParams {
  /** Set for a manager: only the clients assigned to them. */
  managerId?: number | undefined;
  search?: string | undefined;
  status?: ClientRecord['status'] | undefined;
  paymentStatus?: ClientRecord['paymentStatus'] | undefined;
  includeArchived?: boolean | undefined;
  /** Only archived clients (wins over includeArchived). */
  archivedOnly?: boolean | undefined;
  hasLogin?: boolean | undefined;
  ordering: string;
  limit: number;
  offset: number;
  /** YYYY-MM-DD (UTC): pending invoices due before it are overdue. */
  today: string;
  /** LIKE pattern (already escaped) for the search. */
  pattern?: string | undefined;
}

const ORDER_COLUMNS: Record<string, SQL | typeof clients.createdAt> = {
  name: sql`lower(${clients.name})`,
  company: sql`lower(${clients.company})`,
  monthly_fee: sql`${clients.monthlyFee}`,
  created_at: clients.createdAt,
  next_payment: sql`${clients.nextPayment}`,
  status: sql`${clients.status}`,
};

/**
 * The list's conditions. `prepared`: the filters' values are placeholders (status, paymentStatus), filled at each
 * execution of the prepared statement.
 */
function listWhere(p: ClientListParams, prepared = false): SQL | undefined {
  const value = <T>(name: string, v: T) => (prepared ? sql.placeholder(name) : v);
  const conditions: (SQL | undefined)[] = [];
  if (p.managerId !== undefined) conditions.push(eq(clients.accountManagerUserId, value('managerId', p.managerId)));
  if (p.archivedOnly) conditions.push(isNotNull(clients.archivedAt));
  else if (!p.includeArchived) conditions.push(isNull(clients.archivedAt));
  if (p.status) conditions.push(eq(clients.status, value('status', p.status)));
  if (p.paymentStatus) conditions.push(sql`${paymentStatusOf(value('today', p.today))} = ${value('paymentStatus', p.paymentStatus)}`);
  if (p.hasLogin !== undefined) conditions.push(p.hasLogin ? isNotNull(clients.userId) : isNull(clients.userId));
  if (p.pattern) {
    conditions.push(searchMatches(clients.searchText, p.pattern));
  }
  return and(...conditions);
}

/** The ordering as a known key with its direction ("-created_at" for an unknown one, like orderBy). */
function orderingKey(ordering: string): string {
  const descending = ordering.startsWith('-');
  const key = descending ? ordering.slice(1) : ordering;
  return key in ORDER_COLUMNS ? ordering : `${descending ? '-' : ''}created_at`;
}

function orderBy(ordering: string): SQL[] {
  const descending = ordering.startsWith('-');
  const key = descending ? ordering.slice(1) : ordering;
  const column = ORDER_COLUMNS[key] ?? clients.createdAt;
  // next_payment may be null: its nulls go last either way. The other columns are NOT NULL and keep plain
  // asc/desc, so an index on (column, id) serves the order in both directions. The id keeps pages stable.
  const nulls = key === 'next_payment' ? sql` nulls last` : sql``;
  const primary = descending ? sql`${column} desc${nulls}` : sql`${column} asc${nulls}`;
  return [primary, descending ? desc(clients.id) : asc(clients.id)];
}

/**
 * The name part of a list request's prepared statements: which filters it sets and its order. A search is not
 * prepared: a generic plan cannot see the pattern, and a short one ("a") wants another plan than a rare one.
 */
function listShape(p: ClientListParams): string | null {
  if (p.pattern) return null;
  const login = p.hasLogin === undefined ? '' : p.hasLogin ? 'login' : 'nologin';
  const filters = [p.managerId !== undefined ? 'managed' : '', p.archivedOnly ? 'archived' : p.includeArchived ? 'all' : 'live', p.status ? 'status' : '', p.paymentStatus ? 'payment' : '', login];
  return [...filters.filter(Boolean), orderingKey(p.ordering)].join('_');
}

const countByShape = preparedPerShape<ReturnType<ReturnType<typeof countQuery>['prepare']>>();
const pageByShape = preparedPerShape<ReturnType<ReturnType<typeof pageQuery>['prepare']>>();

function countQuery(db: Db, p: ClientListParams, prepared: boolean) {
  const matching = db.select({ one: sql`1` }).from(clients).where(listWhere(p, prepared)).$dynamic();
  return cappedCountQuery(db, matching, countCap(!!p.pattern));
}

function pageQuery(db: Db, p: ClientListParams, prepared: boolean) {
  const query = db
    .select(clientColumns(prepared ? sql.placeholder('today') : p.today))
    .from(clients)
    .leftJoin(users, eq(users.id, clients.userId))
    .where(listWhere(p, prepared))
    .orderBy(...orderBy(p.ordering));
  return prepared ? query.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : query.limit(p.limit).offset(p.offset);
}

/** The values of a prepared list statement's placeholders. */
function placeholderValues(p: ClientListParams) {
  return { managerId: p.managerId, status: p.status, paymentStatus: p.paymentStatus, today: p.today, limit: p.limit, offset: p.offset };
}

export async function countClients(db: Db, p: ClientListParams): Promise<CappedCount> {
  const shape = listShape(p);
  if (shape === null) return toCappedCount(await countQuery(db, p, false), countCap(!!p.pattern));
  const query = countByShape(db, shape, () => countQuery(db, p, true).prepare(`clients_count_${shape}`));
  return toCappedCount(await query.execute(placeholderValues(p)));
}

export async function listClients(db: Db, p: ClientListParams): Promise<ClientRow[]> {
  const shape = listShape(p);
  if (shape === null) return (await pageQuery(db, p, false)) as ClientRow[];
  const query = pageByShape(db, shape, () => pageQuery(db, p, true).prepare(`clients_page_${shape}`));
  return (await query.execute(placeholderValues(p))) as ClientRow[];
}

/** A client by id within the scope, archived ones too. */
export async function findClient(db: Db, scope: ClientScope, id: number, today: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select(clientColumns(today))
    .from(clients)
    .leftJoin(users, eq(users.id, clients.userId))
    .where(and(eq(clients.id, id), inClientScope(clients.id, scope)))
    .limit(1);
  return row as ClientRow | undefined;
}

/** Every page of the clients list runs it. */
const paidTotalsQuery = preparedPerDatabase((db) =>
  db
    .select({ clientId: invoices.clientId, total: sql<string>`coalesce(sum(${netPaidAmount}), 0)` })
    .from(invoices)
    .where(and(sql`${invoices.clientId} = any(${sql.placeholder('clientIds')}::int[])`, eq(invoices.status, 'paid')))
    .groupBy(invoices.clientId)
    .prepare('paid_totals_of_clients'),
);

/** Total Spent per client (what its invoices brought in: invoices' netPaidAmount), for a page of clients in one query. */
export async function paidTotals(db: Db, clientIds: number[]): Promise<Map<number, string>> {
  if (clientIds.length === 0) return new Map();
  const rows = await paidTotalsQuery(db).execute({ clientIds });
  return new Map(rows.map((r) => [r.clientId, String(r.total)]));
}

/**
 * THE rules of the agency's client figures, which every screen, PDF and CSV composes: a client is active by its
 * status (billing keeps a subscriber's), and monthly revenue is what the active clients pay a month (the sum of
 * their monthly fees). `revenueOfClient` is the same rule for one client.
 */
export const isActiveClient = sql`${clients.status} = 'active'`;
export const activeClientCount = sql<number>`count(*) filter (where ${isActiveClient})`.mapWith(Number);
export const monthlyRevenueSum = sql<string>`coalesce(sum(${clients.monthlyFee}) filter (where ${isActiveClient}), 0)`;
export const revenueOfClient = (client: { status: string; monthlyFee: string | number }) => (client.status === 'active' ? Number(client.monthlyFee) : 0);

export async function clientSummary(db: Db, scope: ClientScope, today: string) {
  const [row] = await db
    .select({
      total: count(),
      active: activeClientCount,
      monthlyRevenue: monthlyRevenueSum,
      overdue: sql<number>`count(*) filter (where ${paymentStatusOf(today)} = 'overdue')`,
    })
    .from(clients)
    .where(and(isNull(clients.archivedAt), inClientScope(clients.id, scope)));
  return {
    total: Number(row?.total ?? 0),
    active: Number(row?.active ?? 0),
    monthlyRevenue: String(row?.monthlyRevenue ?? '0'),
    overdue: Number(row?.overdue ?? 0),
  };
}

/** A live (not archived) client with this e-mail, other than `exceptId`. */
export async function findLiveClientByEmail(db: Db, email: string, exceptId?: number) {
  const conditions = [sql`lower(${clients.email}) = ${email.toLowerCase()}`, isNull(clients.archivedAt)];
  if (exceptId !== undefined) conditions.push(ne(clients.id, exceptId));
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(...conditions))
    .limit(1);
  return row;
}

export async function insertClient(db: Db, values: ClientInsert): Promise<number> {
  const [row] = await db.insert(clients).values(values).returning({ id: clients.id });
  return row!.id;
}

export async function updateClient(db: Db, scope: ClientScope, id: number, values: Partial<ClientInsert>): Promise<boolean> {
  const rows = await db
    .update(clients)
    .set(values)
    .where(and(eq(clients.id, id), inClientScope(clients.id, scope)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

/** Archives once: a second archive keeps the first date. */
export async function archiveClient(db: Db, scope: ClientScope, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(clients)
    .set({ archivedAt: sql`coalesce(${clients.archivedAt}, ${now.toISOString()}::timestamptz)`, updatedAt: now })
    .where(and(eq(clients.id, id), inClientScope(clients.id, scope)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

/** Brings an archived client back (a live one stays as it is). */
export async function restoreClient(db: Db, scope: ClientScope, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(clients)
    .set({ archivedAt: null, updatedAt: now })
    .where(and(eq(clients.id, id), inClientScope(clients.id, scope)))
    .returning({ id: clients.id });
  return rows.length > 0;
}

/** Clears the account manager of clients whose manager's account ended (and that nobody was assigned to since). */
export async function clearEndedManager(db: Db, clientIds: number[], now: Date): Promise<void> {
  if (clientIds.length === 0) return;
  await db
    .update(clients)
    .set({ accountManager: '', accountManagerUserId: null, updatedAt: now })
    .where(and(inArray(clients.id, clientIds), isNull(clients.accountManagerUserId)));
}

/**
 * A client's contact e-mail that was its login's address follows the login to its new address (a changed or a
 * restored one); an address the agency set apart from the login stays as it is.
 */
export async function followLoginEmail(db: Db, userId: number, from: string, to: string, now: Date): Promise<void> {
  await db
    .update(clients)
    .set({ email: to, updatedAt: now })
    .where(and(eq(clients.userId, userId), sql`lower(${clients.email}) = ${from.toLowerCase()}`));
}
