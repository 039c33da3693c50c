import { z } from 'zod';
import { ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import { BULK_TASK_STATUSES, TASK_PRIORITIES, TASK_STATUSES } from '../constants';
import {
  ZQueryBoolean,
  ZSearchQuery,
  ZTimestamp,
  bulkIds,
  requiredDateTime,
  requiredId,
  requiredText,
} from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZTaskStatusSchema = z.enum(TASK_STATUSES);
export const ZTaskPrioritySchema = z.enum(TASK_PRIORITIES);
export type TTaskStatus = z.infer<typeof ZTaskStatusSchema>;
export type TTaskPriority = z.infer<typeof ZTaskPrioritySchema>;

/** How a task status and priority read on every screen (columns, selects, badges), stated once. */
export const TASK_STATUS_LABELS: Record<TTaskStatus, string> = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  review: 'Review',
  completed: 'Completed',
};
export const TASK_PRIORITY_LABELS: Record<TTaskPriority, string> = { low: 'Low', medium: 'Medium', high: 'High' };

export const ZTaskSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  client: z.number().int(),
  client_name: z.string(),
  assigned_to: z.string().describe("The assignee's display name"),
  assigned_to_user: z.number().int().nullable().describe('User id of the assigned staff member, when the name matches an account'),
  priority: ZTaskPrioritySchema,
  status: ZTaskStatusSchema,
  due_date: ZTimestamp.describe('ISO 8601 date-time, UTC'),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
  is_overdue: z.boolean().describe('due_date has passed and status is not completed'),
});
export type TTask = z.infer<typeof ZTaskSchema>;

/** The create / edit task form: everything required; priority medium and status pending by default. */
export const ZTaskFormSchema = z.object({
  title: requiredText('Title is required', 200),
  description: requiredText('Description is required', 5000),
  client: requiredId('Client is required'),
  assigned_to: requiredText('Assignee is required', 150).describe("The assignee's display name (a staff member's name)"),
  assigned_to_user: z.coerce
    .number()
    .int()
    .positive()
    .nullable()
    .optional()
    .describe('User id of the staff member; when given, assigned_to is taken from that account'),
  priority: ZTaskPrioritySchema.default('medium'),
  status: ZTaskStatusSchema.default('pending'),
  due_date: requiredDateTime('Due date is required'),
});
export type TTaskForm = z.input<typeof ZTaskFormSchema>;
export type TTaskFormParsed = z.output<typeof ZTaskFormSchema>;

/** PATCH /tasks/:id/: the status alone (inline select) or any part of the form. */
export const ZUpdateTaskSchema = ZTaskFormSchema.partial();
export type TUpdateTask = z.input<typeof ZUpdateTaskSchema>;

export const ZTaskListQuery = ZPaginationQuery.extend({
  search: ZSearchQuery.describe('Matches title, description, client name and assignee'),
  status: ZTaskStatusSchema.optional(),
  priority: ZTaskPrioritySchema.optional(),
  client: z.coerce.number().int().positive().optional(),
  assigned_to: z.string().trim().max(150).optional().describe('Exact assignee name'),
  assigned_to_user: z.coerce.number().int().positive().optional(),
  overdue: ZQueryBoolean.optional().describe('true: only overdue tasks; false: only tasks that are not overdue'),
  ordering: ordering(['due_date', 'created_at', 'updated_at', 'priority', 'status', 'title'], '-created_at').describe(
    'priority sorts by rank (low < medium < high), status by workflow order',
  ),
});
export type TTaskListQuery = z.input<typeof ZTaskListQuery>;

export const ZBulkUpdateTasksSchema = z.object({
  task_ids: bulkIds('task_ids'),
  status: z.enum(BULK_TASK_STATUSES, { errorMap: () => ({ message: 'Choose in-progress, review or completed' }) }),
});
export type TBulkUpdateTasks = z.infer<typeof ZBulkUpdateTasksSchema>;

export const ZBulkDeleteTasksSchema = z.object({ task_ids: bulkIds('task_ids') });
export type TBulkDeleteTasks = z.infer<typeof ZBulkDeleteTasksSchema>;

export const ZTaskStatsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  in_progress: z.number().int(),
  review: z.number().int(),
  completed: z.number().int(),
  overdue: z.number().int(),
  high_priority: z.number().int(),
  completion_rate: z.number().min(0).max(100).describe('completed / total in percent (0..100, one decimal); 0 when there are no tasks'),
});
export type TTaskStats = z.infer<typeof ZTaskStatsSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function tasksOpenApiSchemas() {
  const task = withExample(ZTaskSchema, {
    id: 31,
    title: 'Spring campaign content calendar',
    description: 'Plan twelve posts and four reels for the March launch.',
    client: 12,
    client_name: 'Northwind Coffee',
    assigned_to: 'Alex Morgan',
    assigned_to_user: 2,
    priority: 'high',
    status: 'in-progress',
    due_date: '2025-03-07T17:00:00.000Z',
    created_at: '2025-02-24T09:30:00.000Z',
    updated_at: '2025-02-26T14:12:40.000Z',
    is_overdue: false,
  });
  return {
    Task: task,
    PaginatedTasks: withExample(paginated(ZTaskSchema), examplePage([task.example], 1, '/api/tasks/')),
    TaskForm: withExample(ZTaskFormSchema, {
      title: 'Spring campaign content calendar',
      description: 'Plan twelve posts and four reels for the March launch.',
      client: 12,
      assigned_to: 'Alex Morgan',
      assigned_to_user: 2,
      priority: 'high',
      status: 'pending',
      due_date: '2025-03-07T17:00:00.000Z',
    }),
    UpdateTask: withExample(ZUpdateTaskSchema, { status: 'review' }),
    BulkUpdateTasks: withExample(ZBulkUpdateTasksSchema, { task_ids: [31, 32, 35], status: 'completed' }),
    BulkDeleteTasks: withExample(ZBulkDeleteTasksSchema, { task_ids: [40, 41] }),
    TaskStats: withExample(ZTaskStatsSchema, {
      total: 24,
      pending: 6,
      in_progress: 7,
      review: 3,
      completed: 8,
      overdue: 2,
      high_priority: 5,
      completion_rate: 33.3,
    }),
    TaskStatus: withExample(ZTaskStatusSchema, 'in-progress'),
    TaskPriority: withExample(ZTaskPrioritySchema, 'high'),
  } satisfies TOpenApiSchemas;
}
