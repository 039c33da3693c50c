import { initContract } from '@ts-rest/core';
import { access, creates, errorResponses, paginated, ZIdParams } from '../common/common.schemas';
import { ZDeletedCountSchema, ZUpdatedCountSchema } from '../shared/shared.schemas';
import {
  ZBulkDeleteTasksSchema,
  ZBulkUpdateTasksSchema,
  ZTaskFormSchema,
  ZTaskListQuery,
  ZTaskSchema,
  ZTaskStatsSchema,
  ZUpdateTaskSchema,
} from './tasks.schemas';

const c = initContract();

/** Static paths (stats, bulk_*) come before `/:id/` ones; keep that order when implementing. */
export const tasksContract = c.router({
  getTaskStats: {
    method: 'GET',
    path: '/tasks/stats/',
    summary: 'The seven summary cards of the Tasks screen',
    responses: { 200: ZTaskStatsSchema, ...errorResponses },
    metadata: access.admin,
  },
  bulkUpdateTasks: {
    method: 'POST',
    path: '/tasks/bulk_update/',
    summary: 'Set the status of many tasks (Mark In Progress / for Review / Completed)',
    body: ZBulkUpdateTasksSchema,
    responses: { 200: ZUpdatedCountSchema, ...errorResponses },
    metadata: access.admin,
  },
  bulkDeleteTasks: {
    method: 'POST',
    path: '/tasks/bulk_delete/',
    summary: 'Delete many tasks',
    body: ZBulkDeleteTasksSchema,
    responses: { 200: ZDeletedCountSchema, ...errorResponses },
    metadata: access.admin,
  },
  listTasks: {
    method: 'GET',
    path: '/tasks/',
    summary: 'Tasks with search, filters and ordering',
    query: ZTaskListQuery,
    responses: { 200: paginated(ZTaskSchema), ...errorResponses },
    metadata: access.admin,
  },
  createTask: {
    method: 'POST',
    path: '/tasks/',
    summary: 'Create a task',
    body: ZTaskFormSchema,
    responses: { 201: ZTaskSchema, ...errorResponses },
    metadata: creates(access.admin),
  },
  getTask: {
    method: 'GET',
    path: '/tasks/:id/',
    summary: 'One task',
    pathParams: ZIdParams,
    responses: { 200: ZTaskSchema, ...errorResponses },
    metadata: access.admin,
  },
  updateTask: {
    method: 'PATCH',
    path: '/tasks/:id/',
    summary: 'Change a task (status from the inline select, or the edit form); returns the updated task',
    pathParams: ZIdParams,
    body: ZUpdateTaskSchema,
    responses: { 200: ZTaskSchema, ...errorResponses },
    metadata: access.admin,
  },
  deleteTask: {
    method: 'DELETE',
    path: '/tasks/:id/',
    summary: 'Delete a task',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: access.admin,
  },
});
