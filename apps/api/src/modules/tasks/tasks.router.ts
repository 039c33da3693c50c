import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { currentUser } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './tasks.service';

const s = initServer();
/** ts-rest types req with its parsed params/query; the http helpers only read express fields. */

export function createTasksRouter(deps: AppDeps) {
  return s.router(contract.tasks, {
    getTaskStats: async () => ({ status: 200, body: await service.getTaskStats(deps) }),
    bulkUpdateTasks: async ({ body }) => ({ status: 200, body: await service.bulkUpdateTasks(deps, body) }),
    bulkDeleteTasks: async ({ body }) => ({ status: 200, body: await service.bulkDeleteTasks(deps, body) }),
    listTasks: async ({ query, req }) => {
      const { count, results } = await service.listTasks(deps, query);
      return { status: 200, body: paginatedResponse(req, query, count, results) };
    },
    createTask: async ({ body, req }) => ({ status: 201, body: await service.createTask(deps, currentUser(req), body) }),
    getTask: async ({ params }) => ({ status: 200, body: await service.getTask(deps, params.id) }),
    updateTask: async ({ params, body, req }) => ({
      status: 200,
      body: await service.updateTask(deps, currentUser(req), params.id, body),
    }),
    deleteTask: async ({ params }) => {
      await service.deleteTask(deps, params.id);
      return { status: 204, body: undefined };
    },
  });
}
