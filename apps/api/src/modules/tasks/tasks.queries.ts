import { and, asc, desc, eq, inArray, lt, ne, not, or, sql, type SQL } from 'drizzle-orm';
import { clients, tasks } from '../../db/schema';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { cappedCount, countCap, rowOrClientMatches } from '../../db/list-queries';
import type { CappedCount } from '../../core/paging';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';

export const taskColumns = {
  id: tasks.id,
  title: tasks.title,
  description: tasks.description,
  clientId: tasks.clientId,
  clientName: clients.name,
  assignedTo: tasks.assignedTo,
  assignedToUserId: tasks.assignedToUserId,
  priority: tasks.priority,
  status: tasks.status,
  dueDate: tasks.dueDate,
  completedAt: tasks.completedAt,
  createdAt: tasks.createdAt,
  updatedAt: tasks.updatedAt,
};

type TaskRecord = typeof tasks.$inferSelect;

export interface TaskRow {
  id: number;
  title: string;
  description: string;
  clientId: number;
  clientName: string;
  assignedTo: string;
  assignedToUserId: number | null;
  priority: TaskRecord['priority'];
  status: TaskRecord['status'];
  dueDate: Date;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}


export interface TaskFilter {
  /** The clients whose tasks the caller reaches (a manager: the assigned ones). */
  scope: ClientScope;
  /** An ILIKE pattern (already escaped) matched against title, description, client name and assignee. */
  searchPattern?: string | undefined;
  status?: TaskRecord['status'] | undefined;
  priority?: TaskRecord['priority'] | undefined;
  clientId?: number | undefined;
  assignedTo?: string | undefined;
  assignedToUserId?: number | undefined;
  overdue?: boolean | undefined;
  now: Date;
}

/**
 * The tasks a person reaches: those of the clients they reach, and for a manager also every task assigned to them
 * (an owner may give a manager work for a client the manager does not look after).
 */
function taskScopeWhere(scope: ClientScope): SQL | undefined {
  const ofClients = inClientScope(tasks.clientId, scope);
  return scope.kind === 'managed' ? or(ofClients, eq(tasks.assignedToUserId, scope.managerId)) : ofClients;
}

/** due_date has passed and the task is not completed. */
const overdueSql = (now: Date) => and(lt(tasks.dueDate, now), ne(tasks.status, 'completed'))!;

function whereOf(f: TaskFilter): SQL | undefined {
  const conds: SQL[] = [];
  const inScope = taskScopeWhere(f.scope);
  if (inScope) conds.push(inScope);
  if (f.searchPattern) {
    conds.push(rowOrClientMatches(tasks.searchText, tasks.clientId, f.searchPattern));
  }
  if (f.status) conds.push(eq(tasks.status, f.status));
  if (f.priority) conds.push(eq(tasks.priority, f.priority));
  if (f.clientId) conds.push(eq(tasks.clientId, f.clientId));
  if (f.assignedTo) conds.push(sql`lower(${tasks.assignedTo}) = ${f.assignedTo.toLowerCase()}`);
  if (f.assignedToUserId) conds.push(eq(tasks.assignedToUserId, f.assignedToUserId));
  if (f.overdue === true) conds.push(overdueSql(f.now));
  if (f.overdue === false) conds.push(not(overdueSql(f.now)));
  return conds.length ? and(...conds) : undefined;
}

const PRIORITY_RANK = sql`case ${tasks.priority} when 'low' then 1 when 'medium' then 2 when 'high' then 3 else 0 end`;
const STATUS_RANK = sql`case ${tasks.status} when 'pending' then 1 when 'in-progress' then 2 when 'review' then 3 when 'completed' then 4 else 0 end`;

const ORDER_FIELDS: Record<string, SQL | AnyPgColumn> = {
  due_date: tasks.dueDate,
  created_at: tasks.createdAt,
  updated_at: tasks.updatedAt,
  priority: PRIORITY_RANK,
  status: STATUS_RANK,
  title: sql`lower(${tasks.title})`,
};

function orderOf(ordering: string): SQL[] {
  const descending = ordering.startsWith('-');
  const field = ORDER_FIELDS[descending ? ordering.slice(1) : ordering] ?? tasks.createdAt;
  const dir = descending ? desc : asc;
  // id as the tie-breaker keeps pages stable.
  return [dir(field), dir(tasks.id)];
}

export async function listTasks(
  db: Db,
  f: TaskFilter,
  page: { ordering: string; limit: number; offset: number },
): Promise<TaskRow[]> {
  return db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(clients, eq(clients.id, tasks.clientId))
    .where(whereOf(f))
    .orderBy(...orderOf(page.ordering))
    .limit(page.limit)
    .offset(page.offset);
}

/** Every task has its client (not null, cascading): the count needs no join. */
export function countTasks(db: Db, f: TaskFilter): Promise<CappedCount> {
  return cappedCount(db, db.select({ one: sql`1` }).from(tasks).where(whereOf(f)).$dynamic(), countCap(!!f.searchPattern));
}

export async function findTask(db: Db, scope: ClientScope, id: number): Promise<TaskRow | undefined> {
  const [row] = await db
    .select(taskColumns)
    .from(tasks)
    .innerJoin(clients, eq(clients.id, tasks.clientId))
    .where(and(eq(tasks.id, id), taskScopeWhere(scope)))
    .limit(1);
  return row;
}

/** All seven cards in one scan over the tasks in scope. */
export async function taskStats(db: Db, scope: ClientScope, now: Date) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      pending: sql<number>`(count(*) filter (where ${tasks.status} = 'pending'))::int`,
      inProgress: sql<number>`(count(*) filter (where ${tasks.status} = 'in-progress'))::int`,
      review: sql<number>`(count(*) filter (where ${tasks.status} = 'review'))::int`,
      completed: sql<number>`(count(*) filter (where ${tasks.status} = 'completed'))::int`,
      overdue: sql<number>`(count(*) filter (where ${tasks.dueDate} < ${now} and ${tasks.status} <> 'completed'))::int`,
      highPriority: sql<number>`(count(*) filter (where ${tasks.priority} = 'high'))::int`,
    })
    .from(tasks)
    .where(taskScopeWhere(scope));
  return {
    total: Number(row?.total ?? 0),
    pending: Number(row?.pending ?? 0),
    inProgress: Number(row?.inProgress ?? 0),
    review: Number(row?.review ?? 0),
    completed: Number(row?.completed ?? 0),
    overdue: Number(row?.overdue ?? 0),
    highPriority: Number(row?.highPriority ?? 0),
  };
}

export type TaskInsert = typeof tasks.$inferInsert;

export async function insertTask(db: Db, values: TaskInsert): Promise<number> {
  const [row] = await db.insert(tasks).values(values).returning({ id: tasks.id });
  return row!.id;
}

export async function updateTask(db: Db, id: number, values: Partial<TaskInsert>): Promise<boolean> {
  const rows = await db.update(tasks).set(values).where(eq(tasks.id, id)).returning({ id: tasks.id });
  return rows.length > 0;
}

/** Deletes the task within the scope; answers what it was (for the audit log), undefined when there was none. */
export async function deleteTask(db: Db, scope: ClientScope, id: number) {
  const [row] = await db
    .delete(tasks)
    .where(and(eq(tasks.id, id), taskScopeWhere(scope)))
    .returning({ id: tasks.id, title: tasks.title, clientId: tasks.clientId });
  return row;
}

/** Which of `ids` exist within the scope (with what the audit log names them by), locking them for the rest of the transaction. */
export async function lockExistingTasks(db: Db, scope: ClientScope, ids: number[]) {
  return db
    .select({ id: tasks.id, title: tasks.title, clientId: tasks.clientId, status: tasks.status })
    .from(tasks)
    .where(and(inArray(tasks.id, ids), taskScopeWhere(scope)))
    .for('update');
}

/** Sets the status of the listed tasks that do not have it yet; completed_at follows the status. */
export async function bulkSetStatus(db: Db, ids: number[], status: TaskRecord['status'], now: Date): Promise<number> {
  const rows = await db
    .update(tasks)
    .set({ status, updatedAt: now, completedAt: status === 'completed' ? now : null })
    .where(and(inArray(tasks.id, ids), ne(tasks.status, status)))
    .returning({ id: tasks.id });
  return rows.length;
}

export async function bulkDelete(db: Db, ids: number[]): Promise<number> {
  const rows = await db.delete(tasks).where(inArray(tasks.id, ids)).returning({ id: tasks.id });
  return rows.length;
}

/** A client that tasks and content may reference: it exists and is not archived. */
export async function findClientRef(db: Db, id: number) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name, archivedAt: clients.archivedAt, userId: clients.userId })
    .from(clients)
    .where(eq(clients.id, id))
    .limit(1);
  return row;
}
