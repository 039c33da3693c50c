import { initContract } from '@ts-rest/core';
import { ZAuthResponseSchema } from '../auth/auth.schemas';
import { access, duringEnrolment, errorResponses, paginated, personal, ZIdParams, ZPaginationQuery } from '../common/common.schemas';
import {
  ZFinishPasskeyRegistrationSchema,
  ZPasskeyRegistrationOptionsSchema,
  ZPasskeySchema,
  ZPasskeySignInOptionsSchema,
  ZPasskeySignInSchema,
  ZRemovePasskeySchema,
  ZRenamePasskeySchema,
  ZSecondFactorPasskeyOptionsRequestSchema,
  ZSecondFactorPasskeyOptionsSchema,
  ZStartPasskeyRegistrationSchema,
} from './passkeys.schemas';

const c = initContract();

/** Passkeys (WebAuthn): the user's own, a password-less sign-in, and a passkey as the second step of a sign-in. */
export const passkeysContract = c.router({
  listPasskeys: {
    method: 'GET',
    path: '/auth/passkeys/',
    summary: "The signed-in user's passkeys, newest first (name, added, last used; never the key)",
    query: ZPaginationQuery,
    responses: { 200: paginated(ZPasskeySchema), ...errorResponses },
    metadata: duringEnrolment(access.user),
  },
  startPasskeyRegistration: {
    method: 'POST',
    path: '/auth/passkeys/registration/',
    summary: 'Start adding a passkey (needs the current password): WebAuthn creation options for the browser, valid 5 minutes, single use',
    body: ZStartPasskeyRegistrationSchema,
    responses: { 200: ZPasskeyRegistrationOptionsSchema, ...errorResponses },
    metadata: duringEnrolment(personal(access.user)),
  },
  finishPasskeyRegistration: {
    method: 'POST',
    path: '/auth/passkeys/',
    summary: "Add the passkey the browser made for the registration, with its name. Signs out every other session of the user (a second factor changed)",
    body: ZFinishPasskeyRegistrationSchema,
    responses: { 201: ZPasskeySchema, ...errorResponses },
    metadata: duringEnrolment(personal(access.user)),
  },
  renamePasskey: {
    method: 'PATCH',
    path: '/auth/passkeys/:id/',
    summary: 'Rename one of the user’s passkeys',
    pathParams: ZIdParams,
    body: ZRenamePasskeySchema,
    responses: { 200: ZPasskeySchema, ...errorResponses },
    metadata: personal(access.user),
  },
  removePasskey: {
    method: 'DELETE',
    path: '/auth/passkeys/:id/',
    summary: 'Remove one of the user’s passkeys (needs the current password); it no longer signs in. Signs out every other session of the user',
    pathParams: ZIdParams,
    body: ZRemovePasskeySchema,
    responses: { 204: c.noBody(), ...errorResponses },
    metadata: personal(access.user),
  },
  startPasskeySignIn: {
    method: 'POST',
    path: '/auth/passkey/options/',
    summary: 'Password-less sign-in, step 1: WebAuthn request options for any passkey of this site (user verification required), valid 5 minutes',
    body: c.noBody(),
    responses: { 200: ZPasskeySignInOptionsSchema, ...errorResponses },
    metadata: access.public,
  },
  passkeySignIn: {
    method: 'POST',
    path: '/auth/passkey/',
    summary: 'Password-less sign-in, step 2: the challenge and the passkey’s answer; returns a token and the user',
    body: ZPasskeySignInSchema,
    responses: { 200: ZAuthResponseSchema, ...errorResponses },
    metadata: access.public,
  },
  secondFactorPasskeyOptions: {
    method: 'POST',
    path: '/auth/login/second-factor/passkey/options/',
    summary: "Second step with a passkey, part 1: WebAuthn request options for the account's passkeys, for a challenge of the password step",
    body: ZSecondFactorPasskeyOptionsRequestSchema,
    responses: { 200: ZSecondFactorPasskeyOptionsSchema, ...errorResponses },
    metadata: access.public,
  },
  verifySecondFactorPasskey: {
    method: 'POST',
    path: '/auth/login/second-factor/passkey/',
    summary: 'Second step with a passkey, part 2: the challenge and the passkey’s answer; returns a token and the user',
    body: ZPasskeySignInSchema,
    responses: { 200: ZAuthResponseSchema, ...errorResponses },
    metadata: access.public,
  },
});
