import { initContract } from '@ts-rest/core';
import { ZAuthResponseSchema } from '../auth/auth.schemas';
import { access, duringEnrolment, errorResponses, personal } from '../common/common.schemas';
import {
  ZConfirmTotpEnrolmentSchema,
  ZDisableTotpSchema,
  ZRecoveryCodesSchema,
  ZRegenerateRecoveryCodesSchema,
  ZSecurityPolicySchema,
  ZStartTotpEnrolmentSchema,
  ZTotpEnrolmentSchema,
  ZTwoFactorStatusSchema,
  ZUpdateSecurityPolicySchema,
  ZVerifySecondFactorSchema,
} from './two-factor.schemas';

const c = initContract();

/** Second factors (authenticator app, recovery codes), the second step of signing in, and the agency's policy. */
export const twoFactorContract = c.router({
  verifySecondFactor: {
    method: 'POST',
    path: '/auth/login/second-factor/',
    summary:
      'Finish a sign-in that answered second_factor_required: the challenge and a code of the authenticator app, or a recovery code; returns a token and the user. Wrong codes count on the challenge (5, then sign in again) and are rate limited',
    body: ZVerifySecondFactorSchema,
    responses: { 200: ZAuthResponseSchema, ...errorResponses },
    metadata: access.public,
  },
  getTwoFactorStatus: {
    method: 'GET',
    path: '/auth/two-factor/',
    summary: 'Whether the signed-in user has a second factor (authenticator app, passkeys), recovery codes left, and whether the agency requires one',
    responses: { 200: ZTwoFactorStatusSchema, ...errorResponses },
    metadata: duringEnrolment(access.user),
  },
  startTotpEnrolment: {
    method: 'POST',
    path: '/auth/two-factor/totp/',
    summary: 'Start setting up an authenticator app (needs the current password): its secret as a QR code and as text, valid 10 minutes; nothing changes until a code is confirmed',
    body: ZStartTotpEnrolmentSchema,
    responses: { 200: ZTotpEnrolmentSchema, ...errorResponses },
    metadata: duringEnrolment(personal(access.user)),
  },
  confirmTotpEnrolment: {
    method: 'POST',
    path: '/auth/two-factor/totp/confirm/',
    summary:
      'Turn the authenticator app on with its first code; answers 10 recovery codes, shown only this once. Signs out every other session of the user',
    body: ZConfirmTotpEnrolmentSchema,
    responses: { 200: ZRecoveryCodesSchema, ...errorResponses },
    metadata: duringEnrolment(personal(access.user)),
  },
  regenerateRecoveryCodes: {
    method: 'POST',
    path: '/auth/two-factor/recovery-codes/',
    summary: 'Replace the recovery codes with 10 new ones (needs a current code of the app); the old ones stop working',
    body: ZRegenerateRecoveryCodesSchema,
    responses: { 200: ZRecoveryCodesSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  disableTotp: {
    method: 'POST',
    path: '/auth/two-factor/totp/disable/',
    summary:
      'Turn the authenticator app off (needs the password and a current code or a recovery code); its recovery codes go with it. Signs out every other session of the user',
    body: ZDisableTotpSchema,
    responses: { 200: ZTwoFactorStatusSchema, ...errorResponses },
    metadata: personal(access.user),
  },
  getSecurityPolicy: {
    method: 'GET',
    path: '/admin/security-policy/',
    summary: "The agency's security policy: whether staff accounts and client logins must have a second factor, and how many of each have none yet",
    responses: { 200: ZSecurityPolicySchema, ...errorResponses },
    metadata: access.agency,
  },
  updateSecurityPolicy: {
    method: 'PATCH',
    path: '/admin/security-policy/',
    summary:
      'Require a second factor of every staff account and/or every client login, or stop requiring it (owners). Those without one can then only set one up until they do',
    body: ZUpdateSecurityPolicySchema,
    responses: { 200: ZSecurityPolicySchema, ...errorResponses },
    metadata: access.agency,
  },
});
