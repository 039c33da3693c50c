import { initContract } from '@ts-rest/core';
import { access, errorResponses, paginated, ZIdParams } from '../common/common.schemas';
import { ZIntakeForm, ZIntakeListQuery, ZIntakeSubmit } from './intake.schemas';

const c = initContract();

/** Intake forms: what the team needs from a client after a paid order or a new subscription. */
export const intakeContract = c.router({
  listIntakeForms: {
    method: 'GET',
    path: '/intake-forms/',
    summary: "A client's own forms; every client's for staff (filter by status, client or order)",
    query: ZIntakeListQuery,
    responses: { 200: paginated(ZIntakeForm), ...errorResponses },
    metadata: access.user,
  },
  getIntakeForm: {
    method: 'GET',
    path: '/intake-forms/:id/',
    summary: 'One form with its answers (another client’s → 404)',
    pathParams: ZIdParams,
    responses: { 200: ZIntakeForm, ...errorResponses },
    metadata: access.user,
  },
  submitIntakeForm: {
    method: 'POST',
    path: '/intake-forms/:id/submit/',
    summary: "Client: send the answers once; a paid order's delivery starts (sent already or skipped → 409)",
    pathParams: ZIdParams,
    body: ZIntakeSubmit,
    responses: { 200: ZIntakeForm, ...errorResponses },
    metadata: access.client,
  },
  skipIntakeForm: {
    method: 'POST',
    path: '/intake-forms/:id/skip/',
    summary: 'Staff: start the work without the form (the order’s delivery starts; the client can no longer send it)',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZIntakeForm, ...errorResponses },
    metadata: access.admin,
  },
});
