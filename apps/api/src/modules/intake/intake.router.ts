import { initServer } from '@ts-rest/express';
import { contract } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../http/guard';
import { paginatedResponse } from '../../http/pagination';
import * as service from './intake.service';

const s = initServer();

export function intakeRoutes(deps: AppDeps) {
  return s.router(contract.intake, {
    listIntakeForms: async ({ query, req }) => ({
      status: 200,
      body: paginatedResponse(req, query, await service.listIntakeForms(deps, actorOf(req), query)),
    }),
    getIntakeForm: async ({ params, req }) => ({ status: 200, body: await service.getIntakeForm(deps, actorOf(req), params.id) }),
    submitIntakeForm: async ({ params, body, req }) => ({
      status: 200,
      body: await service.submitIntakeForm(deps, actorOf(req), params.id, body),
    }),
    skipIntakeForm: async ({ params, req }) => ({ status: 200, body: await service.skipIntakeForm(deps, actorOf(req), params.id) }),
  });
}
