import { initContract } from '@ts-rest/core';
import { access, errorResponses, personal, ZOkResponse } from '../common/common.schemas';
import {
  ZAccountLinkAnswerSchema,
  ZAccountLinkTokenSchema,
  ZAccountLinkViewSchema,
  ZRequestEmailChangeSchema,
  ZRequestPasswordResetSchema,
  ZResetPasswordSchema,
} from './account.schemas';

const c = initContract();

/**
 * Self-service for every account (issue 28): forgot password, change e-mail (confirmed from the new address,
 * undoable from the old one), and confirming the address of a sign-up. The link routes are public: the token in
 * the body is the key.
 */
export const accountContract = c.router({
  requestPasswordReset: {
    method: 'POST',
    path: '/auth/password-reset/',
    summary:
      'Forgot password: e-mails a one-time reset link (1 hour) when an account has this address; the same answer, in the same time, when none has',
    body: ZRequestPasswordResetSchema,
    responses: { 202: ZOkResponse, ...errorResponses },
    metadata: access.public,
  },
  openAccountLink: {
    method: 'POST',
    path: '/auth/links/open/',
    summary: 'What an e-mailed account link is for (reset, confirm, undo) and for which address; refused with a reason when unknown, used or expired',
    body: ZAccountLinkTokenSchema,
    responses: { 200: ZAccountLinkViewSchema, ...errorResponses },
    metadata: access.public,
  },
  resetPassword: {
    method: 'POST',
    path: '/auth/password-reset/confirm/',
    summary: 'Set a new password with a reset link (used up): every session of the account ends, the account is told by e-mail; then sign in',
    body: ZResetPasswordSchema,
    responses: { 200: ZAccountLinkAnswerSchema, ...errorResponses },
    metadata: access.public,
  },
  verifyEmail: {
    method: 'POST',
    path: '/auth/email/verify/',
    summary: "Confirm the account's address with the link e-mailed at sign-up",
    body: ZAccountLinkTokenSchema,
    responses: { 200: ZAccountLinkAnswerSchema, ...errorResponses },
    metadata: access.public,
  },
  resendEmailVerification: {
    method: 'POST',
    path: '/auth/email/verify/resend/',
    summary: 'E-mail a fresh confirmation link to the signed-in account (the earlier one stops working); nothing when already confirmed',
    body: c.noBody(),
    responses: { 200: ZOkResponse, ...errorResponses },
    metadata: personal(access.user),
  },
  requestEmailChange: {
    method: 'POST',
    path: '/auth/email/change/',
    summary: 'Change the e-mail address (with the current password): nothing changes until the link sent to the new address is opened (24 hours)',
    body: ZRequestEmailChangeSchema,
    responses: { 202: ZAccountLinkAnswerSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  confirmEmailChange: {
    method: 'POST',
    path: '/auth/email/change/confirm/',
    summary:
      'Confirm a new address with the link sent to it: the address changes, the other sessions end, the old address is told and may undo it for 7 days',
    body: ZAccountLinkTokenSchema,
    responses: { 200: ZAccountLinkAnswerSchema, ...errorResponses },
    metadata: access.public,
  },
  undoEmailChange: {
    method: 'POST',
    path: '/auth/email/change/undo/',
    summary: 'Put the old address back with the link sent to it: every session ends and a password reset link goes to the old address',
    body: ZAccountLinkTokenSchema,
    responses: { 200: ZAccountLinkAnswerSchema, ...errorResponses },
    metadata: access.public,
  },
});
