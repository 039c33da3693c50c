import { initContract } from '@ts-rest/core';
import { access, errorResponses, paginated, personal, ZIdParams, ZPaginationQuery } from '../common/common.schemas';
import { ZRevokedSessionsSchema, ZSessionSchema } from './sessions.schemas';

const c = initContract();

/** The signed-in user's own sessions (Settings → Security): every user, staff and clients alike. */
export const sessionsContract = c.router({
  listSessions: {
    method: 'GET',
    path: '/auth/sessions/',
    summary: "The signed-in user's live sessions, the most recently used first: device and browser, IP, opened, last used; `current` marks this one",
    query: ZPaginationQuery,
    responses: { 200: paginated(ZSessionSchema), ...errorResponses },
    metadata: access.user,
  },
  revokeSession: {
    method: 'DELETE',
    path: '/auth/sessions/:id/',
    summary: "End one of the user's sessions: its token stops working and its sockets close at once (404 for a session that is not the user's)",
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: personal(access.user),
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/auth/sessions/revoke-others/',
    summary: 'End every session of the user but this one (sign out everywhere else)',
    body: c.noBody(),
    responses: { 200: ZRevokedSessionsSchema, ...errorResponses },
    metadata: personal(access.user),
  },
});
