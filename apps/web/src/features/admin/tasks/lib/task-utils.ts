import type { TTask, TTaskPriority, TTaskStatus } from '@agency/contract';
import { TASK_PRIORITIES, TASK_STATUSES } from '@agency/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { BadgeTone } from '@/components/ui';

export type { TTaskPriority, TTaskStatus };
export { TASK_STATUS_LABELS as STATUS_LABELS, TASK_PRIORITY_LABELS as PRIORITY_LABELS } from '@agency/contract';
export { isoToLocalInput, localInputToIso } from '@/lib/datetime-local';

export const STATUS_TONES: Record<TTaskStatus, BadgeTone> = {
  pending: 'warning',
  'in-progress': 'info',
  review: 'primary',
  completed: 'success',
};

export const PRIORITY_TONES: Record<TTaskPriority, BadgeTone> = { low: 'default', medium: 'info', high: 'danger' };

export function isTaskStatus(v: unknown): v is TTaskStatus {
  return typeof v === 'string' && (TASK_STATUSES as readonly string[]).includes(v);
}
export function isTaskPriority(v: unknown): v is TTaskPriority {
  return typeof v === 'string' && (TASK_PRIORITIES as readonly string[]).includes(v);
}

/** A page of a task list as the typed client returns it. */
export interface TTaskPage {
  status: number;
  body: { count: number; next: string | null; previous: string | null; results: TTask[] };
  headers?: Headers;
}
export type TTaskColumnData = InfiniteData<TTaskPage, unknown>;

/** The column's tasks without the one that moved away (count lowered when it was there). */
export function removeTaskFromColumn(data: TTaskColumnData, taskId: number): TTaskColumnData {
  let removed = false;
  const pages = data.pages.map((p) => {
    const results = p.body.results.filter((t) => t.id !== taskId);
    if (results.length !== p.body.results.length) removed = true;
    return { ...p, body: { ...p.body, results } };
  });
  if (!removed) return data;
  return {
    ...data,
    pages: pages.map((p, i) => (i === 0 ? { ...p, body: { ...p.body, count: Math.max(0, p.body.count - 1) } } : p)),
  };
}

/** The column with the task placed at its top (count raised), unless it is already there. */
export function addTaskToColumn(data: TTaskColumnData, task: TTask): TTaskColumnData {
  if (data.pages.some((p) => p.body.results.some((t) => t.id === task.id))) {
    return {
      ...data,
      pages: data.pages.map((p) => ({ ...p, body: { ...p.body, results: p.body.results.map((t) => (t.id === task.id ? task : t)) } })),
    };
  }
  const [first, ...rest] = data.pages;
  if (!first) return data;
  return {
    ...data,
    pages: [{ ...first, body: { ...first.body, count: first.body.count + 1, results: [task, ...first.body.results] } }, ...rest],
  };
}

/** Whether a task is overdue once its status becomes `status` (completed tasks never are). */
export function withStatus(task: TTask, status: TTaskStatus, now: Date = new Date()): TTask {
  const isOverdue = status !== 'completed' && new Date(task.due_date).getTime() < now.getTime();
  return { ...task, status, is_overdue: isOverdue };
}

/** All tasks of a column's loaded pages. */
export function columnTasks(data: TTaskColumnData | undefined): TTask[] {
  return data?.pages.flatMap((p) => p.body.results) ?? [];
}
