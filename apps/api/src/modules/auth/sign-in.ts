import bcrypt from 'bcryptjs';
import { ZVerifySecondFactorSchema, type TLogin, type TLoginResponse, type TAuthResponse, type TVerifySecondFactor } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../core/errors';
import type { Actor, RequestOrigin } from '../../core/actor';
import { transact } from '../../events/outbox';
import * as q from './auth.queries';
import { fakePasswordHash, openSession, toUserDto } from './auth.service';
import { issueSecondFactorChallenge, redeemSecondFactorChallenge, secondFactorMethods, type SecondFactorCheck } from './sign-in-challenges';
import { logFailedSignInOfNobody, recordFailedSignIn } from './sign-in-failures';
import { checkTotpCode, useRecoveryCodeOf } from './two-factor.service';
import { secondFactorsOf } from './two-factor.queries';

/*
 * Signing in with a password, in one step or two. An account with a second factor gets a challenge from the
 * password step and a session from the code step (sign-in-challenges.ts); every other account a session at once,
 * as it always has (`{ token, user }`).
 */

export const WRONG_TOTP_CODE = 'That code is not right, or it was already used. Enter the current code from your authenticator app.';
export const WRONG_RECOVERY_CODE = 'That recovery code is not right, or it was already used.';

/** POST /auth/login/: the password step. */
export async function login(deps: AppDeps, _actor: Actor, { email, password }: TLogin, origin: RequestOrigin): Promise<TLoginResponse> {
  const user = await q.findUserByEmail(deps.db, email);
  const ok = await bcrypt.compare(password, user?.passwordHash ?? (await fakePasswordHash(deps.config.BCRYPT_ROUNDS)));
  if (!user || !ok) {
    // Not in a transaction: the audit entry stays although the request fails.
    if (user) await recordFailedSignIn(deps, user.id, 'password', 'wrong_password');
    else logFailedSignInOfNobody(deps, 'password', 'wrong_password', email);
    throw new AppError('bad_request', 'Invalid email or password.');
  }
  const factors = await secondFactorsOf(deps.db, user.id);
  const methods = factors ? secondFactorMethods(factors) : [];
  if (methods.length > 0) return issueSecondFactorChallenge(deps, user.id, methods, origin);
  const token = await transact(deps, (tx) => openSession(tx, user.id, origin, 'password'));
  const flags = { enabled: false, enrolmentRequired: factors?.mustEnrol ?? false };
  return { token, user: toUserDto(user, await q.clientOf(deps.db, user.id), flags) };
}

/** POST /auth/login/second-factor/: the code step, with a code of the authenticator app or a recovery code. */
export async function verifySecondFactor(deps: AppDeps, input: TVerifySecondFactor): Promise<TAuthResponse> {
  const body = ZVerifySecondFactorSchema.parse(input);
  if ('code' in body) {
    const check: SecondFactorCheck = (tx, challenge) => checkTotpCode(tx, challenge.userId, body.code);
    return redeemSecondFactorChallenge(deps, body.challenge, check, { method: 'second_factor', factor: 'totp', field: 'code', wrongMessage: WRONG_TOTP_CODE });
  }
  const check: SecondFactorCheck = (tx, challenge) => useRecoveryCodeOf(tx, challenge.userId, body.recovery_code);
  return redeemSecondFactorChallenge(deps, body.challenge, check, { method: 'second_factor', factor: 'recovery_code', field: 'recovery_code', wrongMessage: WRONG_RECOVERY_CODE });
}
