import type { TTask } from '@agency/contract';
import { TASK_PRIORITIES, TASK_STATUSES } from '@agency/contract';
import type { InfiniteData } from '@tanstack/react-query';
import type { BadgeTone } from '@/components/ui';

export type TTaskStatus = (typeof TASK_STATUSES)[number];
export type TTaskPriority = (typeof TASK_PRIORITIES)[number];

export const STATUS_LABELS: Record<TTaskStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
};

export const STATUS_TONES: Record<TTaskStatus, BadgeTone> = {
  pending: 'warning',
  'in-progress': 'info',
  review: 'primary',
  completed: 'success',
};

export const PRIORITY_LABELS: Record<TTaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
export const PRIORITY_TONES: Record<TTaskPriority, BadgeTone> = { low: 'default', medium: 'info', high: 'danger' };

export function isTaskStatus(v: unknown): v is TTaskStatus {
  return typeof v === 'string' && (TASK_STATUSES as readonly string[]).includes(v);
}
export function isTaskPriority(v: unknown): v is TTaskPriority {
  return typeof v === 'string' && (TASK_PRIORITIES as readonly string[]).includes(v);
}

/** '2025-03-01T09:30' (an <input type="datetime-local"> value, local time) → ISO 8601 UTC; '' stays ''. */
export function localInputToIso(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** ISO date-time → the local 'yyyy-MM-ddTHH:mm' a datetime-local input shows; '' when missing or invalid. */
export function isoToLocalInput(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
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
