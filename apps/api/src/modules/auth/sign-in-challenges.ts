import type { TAuthResponse, TSecondFactorChallenge, TSecondFactorMethod } from '@agency/contract';
import { SECOND_FACTOR_MAX_ATTEMPTS, SIGN_IN_CHALLENGE_TTL_SECONDS } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../core/errors';
import type { RequestOrigin } from '../../core/actor';
import { logSecurityEvent, type SignInMethod } from '../../core/security-events';
import { transact } from '../../events/outbox';
import { findUserById } from './auth.queries';
import { openSessionAnswer } from './auth.service';
import { logDeadChallenge, recordFailedSignIn } from './sign-in-failures';
import { hashSecret, newMarkedSecret } from './tokens';
import * as q from './two-factor.queries';

/**
 * # Sign-in challenges: the second step of signing in
 *
 * A password that is right for an account with a second factor opens no session. The password step answers a
 * challenge instead (`issueSecondFactorChallenge`): an opaque token, valid SIGN_IN_CHALLENGE_TTL_SECONDS (5 min),
 * of which only the SHA-256 is kept in auth_challenges (purpose `second_factor`), with the user agent and IP of the
 * password step (the session it becomes is opened from there).
 *
 * Every way to finish the sign-in redeems the challenge through ONE function, `redeemSecondFactorChallenge`,
 * handing it a `check` of its own:
 *   - a code of the authenticator app or a recovery code (sign-in.ts, POST /api/auth/login/second-factor/);
 *   - a passkey (the passkeys' routes): `attachWebauthnChallenge` first stores the WebAuthn challenge the browser
 *     must sign on the row, and the check then verifies the assertion against `challenge.webauthnChallenge`.
 *
 * What redeeming guarantees, whatever the check:
 *   - the challenge row is locked (SELECT … FOR UPDATE) for the whole redemption, so two answers to one challenge
 *     run one after the other: at most one session comes of it, and its `used_at` is set in that transaction;
 *   - a dead challenge (unknown, used, expired, or out of attempts) is refused 400 on `challenge`, with a message
 *     that says to sign in again;
 *   - a wrong answer counts on the challenge (committed, although the request fails): SECOND_FACTOR_MAX_ATTEMPTS
 *     (5), then the challenge is dead;
 *   - wrong answers count per user too, across challenges: past SECOND_FACTOR_WRONG_PER_USER in
 *     SECOND_FACTOR_WINDOW_MS the user's second steps are refused 429 until the window passes, so asking for new
 *     challenges with the password does not buy more guesses (the route also limits attempts per IP);
 *   - a wrong answer, a dead challenge and the per-user limit are security events (sign-in-failures.ts): a wrong
 *     answer also leaves `auth.sign_in_failed` in the account's audit log, written after the transaction;
 *   - a right answer opens the session with `openSessionAnswer(…, method)` (so `user.signed_in` follows: new-device
 *     mail, audit) and answers `{ token, user }`, as a sign-in without a second factor does.
 *
 * The check runs inside the redemption's transaction (`tx`): what it changes (the app's last used step, a used
 * recovery code, a passkey's counter) commits with the session, or not at all.
 */

/** Wrong second-step answers of one user (all challenges) in SECOND_FACTOR_WINDOW_MS before the steps are refused. */
export const SECOND_FACTOR_WRONG_PER_USER = 10;
export const SECOND_FACTOR_WINDOW_MS = 15 * 60_000;

/** A live second_factor challenge as a check sees it. */
export interface SecondFactorChallenge {
  id: number;
  userId: number;
  /** The WebAuthn challenge stored by attachWebauthnChallenge (null until then). */
  webauthnChallenge: string | null;
  attempts: number;
}

/**
 * What a way of finishing the sign-in checks, inside the redemption's transaction: true when the answer is right
 * (and then it has taken what makes it single use: the app's step, the recovery code, the passkey's counter).
 */
export type SecondFactorCheck = (tx: AppDeps, challenge: SecondFactorChallenge) => Promise<boolean>;

export interface RedeemOptions {
  /** How the sign-in is recorded (user.signed_in's method). */
  method: 'second_factor' | 'passkey';
  /** What the answer is, as a failed sign-in is recorded. */
  factor: Exclude<SignInMethod, 'password'>;
  /** The body field a wrong answer is reported on, and what it says. */
  field: string;
  wrongMessage: string;
}

const CHALLENGE_PREFIX = 'sfc_';

export const CHALLENGE_EXPIRED = 'This sign-in has expired. Sign in again with your password.';
export const CHALLENGE_EXHAUSTED = 'Too many wrong codes. Sign in again with your password.';
export const TOO_MANY_WRONG = 'Too many wrong codes for this account. Please wait 15 minutes and try again.';

const challengeError = (message: string) => new AppError('bad_request', message, { challenge: [message] });

/** What can finish a sign-in for this account; empty when it has no second factor (one step, as before). */
export function secondFactorMethods(factors: { totpEnabledAt: Date | null; passkeys: number }): TSecondFactorMethod[] {
  const methods: TSecondFactorMethod[] = [];
  if (factors.totpEnabledAt) methods.push('totp', 'recovery_code');
  if (factors.passkeys > 0) methods.push('passkey');
  return methods;
}

/** The password step's answer for an account with a second factor: a new challenge (no session yet). */
export async function issueSecondFactorChallenge(
  deps: AppDeps,
  userId: number,
  methods: TSecondFactorMethod[],
  origin: RequestOrigin,
): Promise<TSecondFactorChallenge> {
  const { token, hash } = newMarkedSecret(CHALLENGE_PREFIX);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + SIGN_IN_CHALLENGE_TTL_SECONDS * 1000);
  await q.insertChallenge(deps.db, {
    tokenHash: hash,
    userId,
    purpose: 'second_factor',
    userAgent: origin.userAgent,
    ip: origin.ip,
    createdAt: now,
    expiresAt,
  });
  return { second_factor_required: true, challenge: token, methods, expires_at: expiresAt.toISOString() };
}

function isLive(row: q.ChallengeRow | undefined, now: Date): row is q.ChallengeRow & { userId: number } {
  return !!row && row.userId !== null && row.usedAt === null && row.expiresAt.getTime() > now.getTime() && row.attempts < SECOND_FACTOR_MAX_ATTEMPTS;
}

/** The reason a challenge cannot be redeemed, for its 400. */
function deadReason(row: q.ChallengeRow | undefined): string {
  return row && row.usedAt === null && row.attempts >= SECOND_FACTOR_MAX_ATTEMPTS ? CHALLENGE_EXHAUSTED : CHALLENGE_EXPIRED;
}

type Outcome =
  | { kind: 'signed_in'; answer: TAuthResponse }
  | { kind: 'dead'; reason: string; userId: number | null }
  | { kind: 'wrong'; userId: number }
  | { kind: 'limited'; userId: number };

/**
 * Finishes a sign-in: the challenge from the password step and an answer that `check` judges. Answers
 * `{ token, user }`; throws 400 (dead challenge on `challenge`, wrong answer on `options.field`) or 429.
 * See the top of this file for what it guarantees.
 */
export async function redeemSecondFactorChallenge(deps: AppDeps, challengeToken: string, check: SecondFactorCheck, options: RedeemOptions): Promise<TAuthResponse> {
  const outcome = await transact(deps, async (tx): Promise<Outcome> => {
    const now = tx.now();
    const row = await q.lockChallenge(tx.db, hashSecret(challengeToken.trim()), 'second_factor');
    if (!isLive(row, now)) return { kind: 'dead', reason: deadReason(row), userId: row?.userId ?? null };
    const wrongSoFar = await q.recentWrongAnswers(tx.db, row.userId, new Date(now.getTime() - SECOND_FACTOR_WINDOW_MS));
    if (wrongSoFar >= SECOND_FACTOR_WRONG_PER_USER) return { kind: 'limited', userId: row.userId };
    const right = await check(tx, { id: row.id, userId: row.userId, webauthnChallenge: row.webauthnChallenge, attempts: row.attempts });
    if (!right) {
      await q.countChallengeAttempt(tx.db, row.id);
      return { kind: 'wrong', userId: row.userId };
    }
    await q.markChallengeUsed(tx.db, row.id, now);
    const user = await findUserById(tx.db, row.userId);
    if (!user) return { kind: 'dead', reason: CHALLENGE_EXPIRED, userId: null };
    return { kind: 'signed_in', answer: await openSessionAnswer(tx, user, { userAgent: row.userAgent, ip: row.ip }, options.method) };
  });
  switch (outcome.kind) {
    case 'signed_in':
      return outcome.answer;
    case 'dead':
      logDeadChallenge(deps, options.factor, outcome.reason === CHALLENGE_EXHAUSTED ? 'challenge_exhausted' : 'challenge_expired', outcome.userId);
      throw challengeError(outcome.reason);
    case 'limited':
      logSecurityEvent(deps.logger, { security_event: 'rate_limited', limiter: 'second-factor-user', key: 'user', user_id: outcome.userId });
      throw new AppError('rate_limited', TOO_MANY_WRONG);
    case 'wrong':
      await recordFailedSignIn(deps, outcome.userId, options.factor, options.factor === 'passkey' ? 'passkey_not_verified' : 'wrong_code');
      throw new AppError('bad_request', options.wrongMessage, { [options.field]: [options.wrongMessage] });
  }
}

/**
 * For a passkey as the second step: stores the WebAuthn challenge (base64url) the browser must sign on a live
 * sign-in challenge, and answers whose sign-in it is (to list that user's passkeys in the options). Throws the
 * same 400 as redeeming when the challenge is dead.
 */
export async function attachWebauthnChallenge(deps: AppDeps, challengeToken: string, webauthnChallenge: string): Promise<{ userId: number }> {
  const result = await transact(deps, async (tx): Promise<{ dead: string } | { dead: null; userId: number }> => {
    const row = await q.lockChallenge(tx.db, hashSecret(challengeToken.trim()), 'second_factor');
    if (!isLive(row, tx.now())) return { dead: deadReason(row) };
    await q.setChallengeWebauthn(tx.db, row.id, webauthnChallenge);
    return { dead: null, userId: row.userId };
  });
  if (result.dead !== null) throw challengeError(result.dead);
  return { userId: result.userId };
}
