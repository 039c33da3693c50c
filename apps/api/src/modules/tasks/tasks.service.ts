import type { z } from 'zod';
import type {
  TBulkDeleteTasks,
  TBulkUpdateTasks,
  TTask,
  TTaskFormParsed,
  TTaskStats,
  ZTaskListQuery,
} from '@agency/contract';
import { clientScope, userIdOf, type Actor } from '../../core/actor';
import { reachesClient } from '../../db/client-scope';
import { AppError } from '../../core/errors';
import { likePattern, pageOf, pageWindow, type Page } from '../../core/paging';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { resolveStaffPick } from '../admin';
import { changedFields, recordAudit } from '../audit';
import * as q from './tasks.queries';

type ListQuery = z.output<typeof ZTaskListQuery>;
type UpdateInput = Partial<TTaskFormParsed>;

export function toTaskDto(row: q.TaskRow, now: Date): TTask {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    client: row.clientId,
    client_name: row.clientName,
    assigned_to: row.assignedTo,
    assigned_to_user: row.assignedToUserId,
    priority: row.priority,
    status: row.status,
    due_date: row.dueDate.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    is_overdue: row.dueDate.getTime() < now.getTime() && row.status !== 'completed',
  };
}

export async function listTasks(deps: AppDeps, actor: Actor, query: ListQuery): Promise<Page<TTask>> {
  const now = deps.now();
  const filter: q.TaskFilter = {
    scope: clientScope(actor),
    searchPattern: query.search ? likePattern(query.search) : undefined,
    status: query.status,
    priority: query.priority,
    clientId: query.client,
    assignedTo: query.assigned_to || undefined,
    assignedToUserId: query.assigned_to_user,
    overdue: query.overdue,
    now,
  };
  const { limit, offset } = pageWindow(query);
  const [total, rows] = await Promise.all([
    q.countTasks(deps.db, filter),
    q.listTasks(deps.db, filter, { ordering: query.ordering, limit, offset }),
  ]);
  return pageOf(total, rows.map((r) => toTaskDto(r, now)));
}

export async function getTask(deps: AppDeps, actor: Actor, id: number): Promise<TTask> {
  const row = await q.findTask(deps.db, clientScope(actor), id);
  if (!row) throw new AppError('not_found', 'Task not found.');
  return toTaskDto(row, deps.now());
}

export async function getTaskStats(deps: AppDeps, actor: Actor): Promise<TTaskStats> {
  const s = await q.taskStats(deps.db, clientScope(actor), deps.now());
  return {
    total: s.total,
    pending: s.pending,
    in_progress: s.inProgress,
    review: s.review,
    completed: s.completed,
    overdue: s.overdue,
    high_priority: s.highPriority,
    completion_rate: s.total === 0 ? 0 : Math.round((s.completed / s.total) * 1000) / 10,
  };
}

/** The client a task points at must exist, be within the caller's reach and not be archived. */
async function assertUsableClient(db: Db, actor: Actor, clientId: number) {
  const client = await q.findClientRef(db, clientId);
  if (!client || !(await reachesClient(db, clientScope(actor), clientId))) throw new AppError('bad_request', 'Client not found.', { client: ['Client not found.'] });
  if (client.archivedAt) {
    throw new AppError('bad_request', 'This client is archived; tasks cannot be assigned to it.', {
      client: ['This client is archived.'],
    });
  }
}

/** The assignee: a staff account by id, or a name (linked when exactly one staff account carries it). */
async function resolveAssignee(
  db: Db,
  name: string,
  userId: number | null | undefined,
): Promise<{ assignedTo: string; assignedToUserId: number | null }> {
  const pick = await resolveStaffPick(db, name, userId, { field: 'assigned_to_user', detail: 'The assignee must be a staff account.' });
  return { assignedTo: pick.name, assignedToUserId: pick.userId };
}

/** Tells a new assignee (other than the person who assigned them) about the task. */
async function announceAssignment(deps: AppDeps, actor: Actor, task: TTask) {
  const assignee = task.assigned_to_user;
  if (!assignee || assignee === userIdOf(actor)) return;
  await emit(deps, 'task.assigned', {
    taskId: task.id,
    assigneeId: assignee,
    title: task.title,
    clientName: task.client_name,
    dueDate: task.due_date,
  });
}

export async function createTask(deps: AppDeps, actor: Actor, input: TTaskFormParsed): Promise<TTask> {
  const now = deps.now();
  return transact(deps, async (tx) => {
    await assertUsableClient(tx.db, actor, input.client);
    const assignee = await resolveAssignee(tx.db, input.assigned_to, input.assigned_to_user);
    const id = await q.insertTask(tx.db, {
      title: input.title,
      description: input.description,
      clientId: input.client,
      ...assignee,
      priority: input.priority,
      status: input.status,
      dueDate: new Date(input.due_date),
      createdBy: userIdOf(actor),
      completedAt: input.status === 'completed' ? now : null,
      createdAt: now,
      updatedAt: now,
    });
    const task = await getTask(tx, actor, id);
    await announceAssignment(tx, actor, task);
    await recordAudit(tx, actor, {
      action: 'task.created',
      object: { type: 'task', id, label: task.title, clientId: task.client },
      changes: { assigned_to: task.assigned_to, priority: task.priority, status: task.status, due_date: task.due_date },
    });
    return task;
  });
}

export async function updateTask(deps: AppDeps, actor: Actor, { id, changes: input }: { id: number; changes: UpdateInput }): Promise<TTask> {
  const now = deps.now();
  return transact(deps, async (tx) => {
    const current = await q.findTask(tx.db, clientScope(actor), id);
    if (!current) throw new AppError('not_found', 'Task not found.');
    const values: Partial<q.TaskInsert> = { updatedAt: now };
    if (input.title !== undefined) values.title = input.title;
    if (input.description !== undefined) values.description = input.description;
    if (input.client !== undefined && input.client !== current.clientId) {
      await assertUsableClient(tx.db, actor, input.client);
      values.clientId = input.client;
    }
    const sameName =
      input.assigned_to !== undefined && input.assigned_to.toLowerCase() === current.assignedTo.toLowerCase();
    if (input.assigned_to_user !== undefined) {
      // An account id always wins (null unlinks and keeps the name).
      Object.assign(values, await resolveAssignee(tx.db, input.assigned_to ?? current.assignedTo, input.assigned_to_user));
    } else if (input.assigned_to !== undefined && !sameName) {
      // A new name re-links to the staff account that carries it, if exactly one does.
      Object.assign(values, await resolveAssignee(tx.db, input.assigned_to, undefined));
    }
    if (input.priority !== undefined) values.priority = input.priority;
    if (input.status !== undefined && input.status !== current.status) {
      values.status = input.status;
      values.completedAt = input.status === 'completed' ? now : null;
    }
    if (input.due_date !== undefined) values.dueDate = new Date(input.due_date);
    await q.updateTask(tx.db, id, values);
    const task = await getTask(tx, actor, id);
    if (task.assigned_to_user && task.assigned_to_user !== current.assignedToUserId) await announceAssignment(tx, actor, task);
    await recordAudit(tx, actor, {
      action: 'task.updated',
      object: { type: 'task', id, label: task.title, clientId: task.client },
      changes: changedFields(toTaskDto(current, now), task, ['title', 'description', 'client', 'assigned_to', 'priority', 'status', 'due_date']),
    });
    return task;
  });
}

export async function deleteTask(deps: AppDeps, actor: Actor, id: number): Promise<void> {
  await transact(deps, async (tx) => {
    const deleted = await q.deleteTask(tx.db, clientScope(actor), id);
    if (!deleted) throw new AppError('not_found', 'Task not found.');
    await recordAudit(tx, actor, { action: 'task.deleted', object: { type: 'task', id, label: deleted.title, clientId: deleted.clientId } });
  });
}

/** All-or-nothing: every id must name a task, else 404 naming the missing ones and nothing changes. */
async function lockAll(db: Db, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  const tasks = await q.lockExistingTasks(db, clientScope(actor), unique);
  const found = new Set(tasks.map((t) => t.id));
  const missing = unique.filter((i) => !found.has(i));
  if (missing.length) {
    throw new AppError('not_found', `Tasks not found: ${missing.join(', ')}. Nothing was changed.`, {
      task_ids: missing.map((m) => `Task ${m} not found.`),
    });
  }
  return tasks;
}

export async function bulkUpdateTasks(deps: AppDeps, actor: Actor, input: TBulkUpdateTasks): Promise<{ updated: number }> {
  const now = deps.now();
  return transact(deps, async (tx) => {
    const tasks = await lockAll(tx.db, actor, input.task_ids);
    const updated = await q.bulkSetStatus(
      tx.db,
      tasks.map((t) => t.id),
      input.status,
      now,
    );
    await recordAudit(
      tx,
      actor,
      ...tasks
        .filter((t) => t.status !== input.status)
        .map((t) => ({ action: 'task.updated', object: { type: 'task', id: t.id, label: t.title, clientId: t.clientId }, changes: { status: [t.status, input.status] } })),
    );
    return { updated };
  });
}

export async function bulkDeleteTasks(deps: AppDeps, actor: Actor, input: TBulkDeleteTasks): Promise<{ deleted: number }> {
  return transact(deps, async (tx) => {
    const tasks = await lockAll(tx.db, actor, input.task_ids);
    const deleted = await q.bulkDelete(
      tx.db,
      tasks.map((t) => t.id),
    );
    await recordAudit(tx, actor, ...tasks.map((t) => ({ action: 'task.deleted', object: { type: 'task', id: t.id, label: t.title, clientId: t.clientId } })));
    return { deleted };
  });
}
