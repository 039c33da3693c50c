import { initContract } from '@ts-rest/core';
import { access, errorResponses, ZIdParams, forClients } from '../common/common.schemas';
import {
  ZSocialAccountListQuery,
  ZSocialAccountListSchema,
  ZSocialAccountSchema,
  ZSocialAccountStatusSchema,
  ZSyncAccountResponseSchema,
} from './social-accounts.schemas';

const c = initContract();

export const socialAccountsContract = c.router({
  listSocialAccounts: {
    method: 'GET',
    path: '/social-accounts/',
    summary: 'Connected social accounts (clients: their own; admins: all)',
    query: ZSocialAccountListQuery,
    responses: { 200: ZSocialAccountListSchema, ...errorResponses },
    metadata: access.user,
  },
  disconnectSocialAccount: {
    method: 'POST',
    path: '/social-accounts/:id/disconnect/',
    summary: 'Disconnect an account (revokes the provider token; historical data is preserved); returns the account',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZSocialAccountSchema, ...errorResponses },
    metadata: forClients('full', access.user),
  },
  syncSocialAccount: {
    method: 'POST',
    path: '/social-accounts/:id/sync/',
    summary: 'Start a manual sync of an account; the screen reloads after 2 seconds',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 202: ZSyncAccountResponseSchema, ...errorResponses },
    metadata: forClients('full', access.user),
  },
  getSocialAccountStatus: {
    method: 'GET',
    path: '/social-accounts/:id/status/',
    summary: 'Connection and sync status of an account',
    pathParams: ZIdParams,
    responses: { 200: ZSocialAccountStatusSchema, ...errorResponses },
    metadata: access.user,
  },
});
