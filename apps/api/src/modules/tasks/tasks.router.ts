import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './tasks.service';

const s = initServer();

export function tasksRoutes(deps: AppDeps) {
  return s.router(contract.tasks, {
    getTaskStats: async ({ req }) => ({ status: 200, body: await service.getTaskStats(deps, actorOf(req)) }),
    bulkUpdateTasks: async ({ body, req }) => ({ status: 200, body: await service.bulkUpdateTasks(deps, actorOf(req), body) }),
    bulkDeleteTasks: async ({ body, req }) => ({ status: 200, body: await service.bulkDeleteTasks(deps, actorOf(req), body) }),
    listTasks: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listTasks(deps, actorOf(req), query)),
    }),
    createTask: async ({ body, req }) => ({ status: 201, body: await service.createTask(deps, actorOf(req), body) }),
    getTask: async ({ params, req }) => ({ status: 200, body: await service.getTask(deps, actorOf(req), params.id) }),
    updateTask: async ({ params, body, req }) => ({
      status: 200,
      body: await service.updateTask(deps, actorOf(req), { id: params.id, changes: body }),
    }),
    deleteTask: async ({ params, req }) => {
      await service.deleteTask(deps, actorOf(req), params.id);
      return { status: 204, body: undefined };
    },
  });
}
