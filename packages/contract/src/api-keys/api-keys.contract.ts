import { initContract } from '@ts-rest/core';
import { access, creates, errorResponses, paginated, ZIdParams, ZPaginationQuery } from '../common/common.schemas';
import { ZApiKey, ZApiKeyCreate, ZApiKeyCreated, ZApiKeyListQuery, ZApiKeyUse } from './api-keys.schemas';

const c = initContract();

/** API keys for integrators (admins only; a key can never manage keys). */
export const apiKeysContract = c.router({
  listApiKeys: {
    method: 'GET',
    path: '/api-keys/',
    summary: 'API keys, newest first (prefix, scopes, expiry, last use; never the key itself)',
    query: ZApiKeyListQuery,
    responses: { 200: paginated(ZApiKey), ...errorResponses },
    metadata: access.agency,
  },
  createApiKey: {
    method: 'POST',
    path: '/api-keys/',
    summary: 'Create a key with its scopes and expiry; the answer holds the whole key, shown this once',
    body: ZApiKeyCreate,
    responses: { 201: ZApiKeyCreated, ...errorResponses },
    metadata: creates(access.agency),
  },
  revokeApiKey: {
    method: 'POST',
    path: '/api-keys/:id/revoke/',
    summary: 'Revoke a key: it stops working at once (revoking twice keeps the first date)',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZApiKey, ...errorResponses },
    metadata: access.agency,
  },
  listApiKeyUses: {
    method: 'GET',
    path: '/api-keys/:id/uses/',
    summary: "The key's audit log: every request made with it, refused ones included, newest first",
    pathParams: ZIdParams,
    query: ZPaginationQuery,
    responses: { 200: paginated(ZApiKeyUse), ...errorResponses },
    metadata: access.agency,
  },
});
