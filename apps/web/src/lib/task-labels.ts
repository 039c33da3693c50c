import type { TASK_PRIORITIES, TASK_STATUSES } from '@agency/contract';

export type TTaskStatus = (typeof TASK_STATUSES)[number];
export type TTaskPriority = (typeof TASK_PRIORITIES)[number];

export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
};

export const TASK_PRIORITY_LABELS: Record<TTaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };
