import { initContract } from '@ts-rest/core';
import { access, errorResponses, forClients } from '../common/common.schemas';
import { ZSocialAccountSchema } from '../social-accounts/social-accounts.schemas';
import { ZOAuthCallbackSchema, ZOAuthInitiateSchema, ZOAuthProviderParams, ZOAuthProvidersSchema } from './oauth.schemas';

const c = initContract();

export const oauthContract = c.router({
  listOAuthProviders: {
    method: 'GET',
    path: '/oauth/providers/',
    summary: 'Which networks can be connected here, and which the built-in sandbox serves',
    responses: { 200: ZOAuthProvidersSchema, ...errorResponses },
    metadata: access.user,
  },
  initiateOAuth: {
    method: 'GET',
    path: '/oauth/:provider/initiate/',
    summary: 'Start connecting a social account: the provider URL to open and the signed state (PKCE where supported)',
    pathParams: ZOAuthProviderParams,
    responses: { 200: ZOAuthInitiateSchema, ...errorResponses },
    metadata: forClients('full', access.client),
  },
  completeOAuth: {
    method: 'POST',
    path: '/oauth/:provider/callback/',
    summary: 'Finish connecting: exchange the code (state is verified); returns the connected (or reconnected) account',
    pathParams: ZOAuthProviderParams,
    body: ZOAuthCallbackSchema,
    responses: { 200: ZSocialAccountSchema, ...errorResponses },
    metadata: forClients('full', access.client),
  },
});
