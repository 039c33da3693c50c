import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import {
  PASSKEY_CEREMONY_TTL_SECONDS,
  ZFinishPasskeyRegistrationSchema,
  ZPasskeySignInSchema,
  ZRemovePasskeySchema,
  ZRenamePasskeySchema,
  ZSecondFactorPasskeyOptionsRequestSchema,
  ZStartPasskeyRegistrationSchema,
  type TAuthResponse,
  type TFinishPasskeyRegistration,
  type TPaginationQuery,
  type TPasskey,
  type TPasskeyRegistrationOptions,
  type TPasskeySignIn,
  type TPasskeySignInOptions,
  type TRemovePasskey,
  type TRenamePasskey,
  type TSecondFactorPasskeyOptions,
  type TStartPasskeyRegistration,
} from '@agency/contract';
import type { RequestOrigin, UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { pageWindow, type Page } from '../../core/paging';
import { personName } from '../../core/text';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { agencyName, portalUrl } from '../agency';
import { recordAudit } from '../audit';
import { findUserById } from './auth.queries';
import { openSessionAnswer } from './auth.service';
import { describeDevice } from './devices';
import * as pq from './passkeys.queries';
import { checkCurrentPassword, endOtherSessions } from './security-change';
import { attachWebauthnChallenge, redeemSecondFactorChallenge, type SecondFactorCheck } from './sign-in-challenges';
import { logFailedSignInOfNobody, recordFailedSignIn } from './sign-in-failures';
import { hashSecret, newMarkedSecret } from './tokens';
import * as q from './two-factor.queries';

/*
 * Passkeys (WebAuthn, with @simplewebauthn/server). The relying party is the portal's public address (PUBLIC_URL, else
 * http://localhost:PORT): its host is the RP ID, its origin the only origin accepted. A registration and a
 * password-less sign-in each keep their WebAuthn challenge in auth_challenges (5 minutes, single use: the first answer
 * spends it, right or wrong); a passkey as the second step of a sign-in rides on the password step's challenge
 * (sign-in-challenges.ts). The signature counter only moves forward (advancePasskeyCounter), so a replayed or cloned
 * assertion is refused.
 */

export const REGISTRATION_EXPIRED = 'This passkey registration has expired. Start again.';
export const PASSKEY_NOT_VERIFIED = 'The passkey could not be verified. Try again.';
export const PASSKEY_UNKNOWN = 'This passkey is not registered to an account here. Sign in with your password.';
export const PASSKEY_SIGN_IN_EXPIRED = 'This passkey sign-in has expired. Try again.';
export const NO_PASSKEYS = 'This account has no passkey. Use another way to finish signing in.';
export const PASSKEY_TAKEN = 'This passkey is already registered.';

const REGISTRATION_PREFIX = 'pkr_';
const SIGN_IN_PREFIX = 'pks_';
const TTL_MS = PASSKEY_CEREMONY_TTL_SECONDS * 1000;

/**
 * The relying party: the portal's host (RP ID) and origin. WebAuthn needs a domain, never an IP address: a portal
 * addressed by a loopback IP (127.0.0.1, [::1], as in local runs and the end-to-end tests) is a passkey site as
 * localhost, on the same port.
 */
export function relyingParty(deps: Pick<AppDeps, 'config'>): { id: string; origin: string } {
  const url = new URL(portalUrl(deps));
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin };
}

/** The WebAuthn user handle of an account: stable, and names nothing but the account's number. */
const userHandleOf = (userId: number): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(`user:${userId}`, 'utf8'));

function toDto(row: pq.PasskeyRow): TPasskey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    device_type: row.deviceType,
    backed_up: row.backedUp,
    transports: row.transports,
  };
}

const responseError = (message: string) => new AppError('bad_request', message, { response: [message] });

function auditPasskey(tx: AppDeps, actor: UserActor, action: string, row: pq.PasskeyRow, changes: Record<string, unknown> | null = null) {
  return recordAudit(tx, actor, { action, object: { type: 'passkey', id: row.id, label: row.name, clientId: actor.clientId }, changes });
}

export async function listPasskeys(deps: AppDeps, actor: UserActor, query: TPaginationQuery): Promise<Page<TPasskey>> {
  const { rows, count } = await pq.listPasskeysOfUser(deps.db, actor.id, pageWindow(query));
  return { count, results: rows.map(toDto) };
}

/** Adding a passkey, step 1: the password, then creation options for the browser (its challenge kept 5 minutes). */
export async function startPasskeyRegistration(deps: AppDeps, actor: UserActor, input: TStartPasskeyRegistration): Promise<TPasskeyRegistrationOptions> {
  const { password } = ZStartPasskeyRegistrationSchema.parse(input);
  await checkCurrentPassword(await findUserById(deps.db, actor.id), password);
  const [user, agency, existing] = await Promise.all([findUserById(deps.db, actor.id), agencyName(deps), pq.credentialsOfUser(deps.db, actor.id)]);
  if (!user) throw new AppError('authentication_failed', 'Invalid or expired token.');
  const rp = relyingParty(deps);
  const options = await generateRegistrationOptions({
    rpName: agency,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: personName(user),
    userID: userHandleOf(user.id),
    attestationType: 'none',
    timeout: TTL_MS,
    // A passkey the user already has on this authenticator is not made twice.
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    // Discoverable, so it can also sign in without the password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const { token, hash } = newMarkedSecret(REGISTRATION_PREFIX);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  await transact(deps, async (tx) => {
    await q.deleteOpenChallenges(tx.db, actor.id, 'passkey_register');
    await q.insertChallenge(tx.db, { tokenHash: hash, userId: actor.id, purpose: 'passkey_register', webauthnChallenge: options.challenge, createdAt: now, expiresAt });
  });
  return { registration: token, options: options as unknown as Record<string, unknown>, expires_at: expiresAt.toISOString() };
}

type RegistrationOutcome = { kind: 'added'; row: pq.PasskeyRow } | { kind: 'expired' } | { kind: 'invalid' } | { kind: 'taken' };

/** Adding a passkey, step 2: the browser's answer is verified against the registration's challenge (spent either way). */
export async function finishPasskeyRegistration(deps: AppDeps, actor: UserActor, input: TFinishPasskeyRegistration, origin: RequestOrigin): Promise<TPasskey> {
  const body = ZFinishPasskeyRegistrationSchema.parse(input);
  const rp = relyingParty(deps);
  const outcome = await transact(deps, async (tx): Promise<RegistrationOutcome> => {
    const now = tx.now();
    const challenge = await q.lockChallenge(tx.db, hashSecret(body.registration), 'passkey_register');
    if (!challenge || challenge.userId !== actor.id || challenge.usedAt || challenge.expiresAt <= now || !challenge.webauthnChallenge) return { kind: 'expired' };
    await q.markChallengeUsed(tx.db, challenge.id, now);
    let verified;
    try {
      verified = await verifyRegistrationResponse({
        response: body.response as unknown as RegistrationResponseJSON,
        expectedChallenge: challenge.webauthnChallenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch {
      return { kind: 'invalid' };
    }
    if (!verified.verified) return { kind: 'invalid' };
    const info = verified.registrationInfo;
    if (await pq.findPasskeyByCredentialId(tx.db, info.credential.id)) return { kind: 'taken' };
    const row = await pq.insertPasskey(tx.db, {
      userId: actor.id,
      name: body.name ?? `Passkey on ${describeDevice(origin.userAgent).label}`.slice(0, 100),
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      createdAt: now,
    });
    await endOtherSessions(tx, actor);
    await auditPasskey(tx, actor, 'passkey.added', row);
    return { kind: 'added', row };
  });
  switch (outcome.kind) {
    case 'added':
      return toDto(outcome.row);
    case 'expired':
      throw new AppError('bad_request', REGISTRATION_EXPIRED, { registration: [REGISTRATION_EXPIRED] });
    case 'taken':
      throw new AppError('conflict', PASSKEY_TAKEN, { response: [PASSKEY_TAKEN] });
    case 'invalid':
      throw responseError(PASSKEY_NOT_VERIFIED);
  }
}

export async function renamePasskey(deps: AppDeps, actor: UserActor, id: number, input: TRenamePasskey): Promise<TPasskey> {
  const { name } = ZRenamePasskeySchema.parse(input);
  return transact(deps, async (tx) => {
    const before = await pq.findPasskeyOfUser(tx.db, actor.id, id);
    if (!before) throw new AppError('not_found', 'No such passkey.');
    const row = (await pq.renamePasskey(tx.db, actor.id, id, name))!;
    if (before.name !== name) await auditPasskey(tx, actor, 'passkey.renamed', row, { name: [before.name, name] });
    return toDto(row);
  });
}

/** Removes a passkey (the password first): it no longer signs in, and the other sessions end. */
export async function removePasskey(deps: AppDeps, actor: UserActor, id: number, input: TRemovePasskey): Promise<void> {
  const { password } = ZRemovePasskeySchema.parse(input);
  if (!(await pq.findPasskeyOfUser(deps.db, actor.id, id))) throw new AppError('not_found', 'No such passkey.');
  await checkCurrentPassword(await findUserById(deps.db, actor.id), password);
  await transact(deps, async (tx) => {
    const row = await pq.deletePasskey(tx.db, actor.id, id);
    if (!row) throw new AppError('not_found', 'No such passkey.');
    await endOtherSessions(tx, actor);
    await auditPasskey(tx, actor, 'passkey.removed', row);
  });
}

/**
 * Checks a passkey's answer to `expectedChallenge` (inside the caller's transaction): signed by this credential's key,
 * for this site, with user verification when `requireUserVerification`, by the account the credential belongs to,
 * and with a counter that moved forward (taken now, so the same answer never passes twice).
 */
async function verifyAssertion(
  tx: AppDeps,
  passkey: pq.PasskeyRow,
  response: AuthenticationResponseJSON,
  expectedChallenge: string,
  requireUserVerification: boolean,
): Promise<boolean> {
  const handle = response.response.userHandle;
  if (handle && handle !== isoBase64URL.fromBuffer(userHandleOf(passkey.userId))) return false;
  const rp = relyingParty(tx);
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification,
    });
  } catch {
    return false;
  }
  if (!verified.verified) return false;
  return pq.advancePasskeyCounter(tx.db, passkey.id, verified.authenticationInfo.newCounter, tx.now());
}

/** Password-less sign-in, step 1: request options for any passkey of this site, with user verification. */
export async function startPasskeySignIn(deps: AppDeps, origin: RequestOrigin): Promise<TPasskeySignInOptions> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(deps).id, userVerification: 'required', timeout: TTL_MS });
  const { token, hash } = newMarkedSecret(SIGN_IN_PREFIX);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + TTL_MS);
  await q.insertChallenge(deps.db, {
    tokenHash: hash,
    userId: null,
    purpose: 'passkey_sign_in',
    webauthnChallenge: options.challenge,
    userAgent: origin.userAgent,
    ip: origin.ip,
    createdAt: now,
    expiresAt,
  });
  return { challenge: token, options: options as unknown as Record<string, unknown>, expires_at: expiresAt.toISOString() };
}

type SignInOutcome = { kind: 'signed_in'; answer: TAuthResponse } | { kind: 'expired' } | { kind: 'unknown' } | { kind: 'wrong'; userId: number };

/** Password-less sign-in, step 2: the passkey's answer opens a session for the account it belongs to. */
export async function passkeySignIn(deps: AppDeps, input: TPasskeySignIn, origin: RequestOrigin): Promise<TAuthResponse> {
  const body = ZPasskeySignInSchema.parse(input);
  const response = body.response as unknown as AuthenticationResponseJSON;
  const outcome = await transact(deps, async (tx): Promise<SignInOutcome> => {
    const now = tx.now();
    const challenge = await q.lockChallenge(tx.db, hashSecret(body.challenge), 'passkey_sign_in');
    if (!challenge || challenge.usedAt || challenge.expiresAt <= now || !challenge.webauthnChallenge) return { kind: 'expired' };
    await q.markChallengeUsed(tx.db, challenge.id, now);
    const passkey = await pq.findPasskeyByCredentialId(tx.db, response.id);
    if (!passkey) return { kind: 'unknown' };
    if (!(await verifyAssertion(tx, passkey, response, challenge.webauthnChallenge, true))) return { kind: 'wrong', userId: passkey.userId };
    const user = await findUserById(tx.db, passkey.userId);
    if (!user) return { kind: 'unknown' };
    return { kind: 'signed_in', answer: await openSessionAnswer(tx, user, origin, 'passkey') };
  });
  switch (outcome.kind) {
    case 'signed_in':
      return outcome.answer;
    case 'expired':
      logFailedSignInOfNobody(deps, 'passkey', 'challenge_expired');
      throw new AppError('bad_request', PASSKEY_SIGN_IN_EXPIRED, { challenge: [PASSKEY_SIGN_IN_EXPIRED] });
    case 'unknown':
      logFailedSignInOfNobody(deps, 'passkey', 'unknown_passkey');
      throw responseError(PASSKEY_UNKNOWN);
    case 'wrong':
      // After the transaction (it committed the spent challenge): the account's audit entry stays.
      await recordFailedSignIn(deps, outcome.userId, 'passkey', 'passkey_not_verified');
      throw responseError(PASSKEY_NOT_VERIFIED);
  }
}

/** The second step with a passkey, part 1: options for the passkeys of the account the password step named. */
export async function secondFactorPasskeyOptions(deps: AppDeps, input: { challenge: string }): Promise<TSecondFactorPasskeyOptions> {
  const { challenge } = ZSecondFactorPasskeyOptionsRequestSchema.parse(input);
  const bytes = new Uint8Array(randomBytes(32));
  const { userId } = await attachWebauthnChallenge(deps, challenge, isoBase64URL.fromBuffer(bytes));
  const credentials = await pq.credentialsOfUser(deps.db, userId);
  if (credentials.length === 0) throw new AppError('bad_request', NO_PASSKEYS, { challenge: [NO_PASSKEYS] });
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps).id,
    challenge: bytes,
    allowCredentials: credentials.map((c) => ({ id: c.credentialId, transports: c.transports })),
    userVerification: 'preferred',
    timeout: TTL_MS,
  });
  return { options: options as unknown as Record<string, unknown> };
}

/** The second step with a passkey, part 2: redeemed like a code (sign-in-challenges.ts); another account's passkey is wrong. */
export async function verifySecondFactorPasskey(deps: AppDeps, input: TPasskeySignIn): Promise<TAuthResponse> {
  const body = ZPasskeySignInSchema.parse(input);
  const response = body.response as unknown as AuthenticationResponseJSON;
  const check: SecondFactorCheck = async (tx, challenge) => {
    if (!challenge.webauthnChallenge) return false;
    const passkey = await pq.findPasskeyByCredentialId(tx.db, response.id);
    if (!passkey || passkey.userId !== challenge.userId) return false;
    return verifyAssertion(tx, passkey, response, challenge.webauthnChallenge, false);
  };
  return redeemSecondFactorChallenge(deps, body.challenge, check, { method: 'passkey', factor: 'passkey', field: 'response', wrongMessage: PASSKEY_NOT_VERIFIED });
}
