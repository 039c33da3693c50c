import {
  TOTP_ENROLMENT_TTL_SECONDS,
  SECOND_FACTOR_MAX_ATTEMPTS,
  ZConfirmTotpEnrolmentSchema,
  ZDisableTotpSchema,
  ZRegenerateRecoveryCodesSchema,
  ZStartTotpEnrolmentSchema,
  ZUpdateSecurityPolicySchema,
  type TConfirmTotpEnrolment,
  type TDisableTotp,
  type TRecoveryCodes,
  type TRegenerateRecoveryCodes,
  type TSecurityPolicy,
  type TStartTotpEnrolment,
  type TTotpEnrolment,
  type TTwoFactorStatus,
  type TUpdateSecurityPolicy,
} from '@agency/contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../core/errors';
import type { UserActor } from '../../core/actor';
import { emit, transact } from '../../events/outbox';
import { agencyName } from '../agency';
import { recordAudit } from '../audit';
import { clientOf, findUserById } from './auth.queries';
import { checkCurrentPassword, endOtherSessions } from './security-change';
import { hashSecret, newMarkedSecret } from './tokens';
import { newRecoveryCodes, newTotpSecret, recoveryCodeMatches, totpCipher, totpProvisioning, totpStepOf } from './two-factor-codes';
import * as q from './two-factor.queries';

/*
 * An authenticator app as a second factor: set up (password → secret → first code → on, with recovery codes shown
 * once), new recovery codes, turned off; and the agency's policy that staff, client logins or both must have one.
 * Turning the app on or off ends every other session of the user. Codes are single use (the step compare-and-set
 * in two-factor.queries.ts claimTotpStep), and checked against the injected clock.
 */

export const WRONG_CODE = 'That code is not right, or it was already used. Enter the current code from your authenticator app.';
export const ENROLMENT_EXPIRED = 'This setup has expired. Start again to get a new QR code.';
export const TOTP_ALREADY_ON = 'Two-factor authentication with an authenticator app is already on.';
export const TOTP_NOT_ON = 'Two-factor authentication with an authenticator app is not on.';
export const OWN_SECOND_FACTOR_FIRST = 'Set up two-factor authentication for your own account first, then require it of your staff.';
const ENROLMENT_PREFIX = 'tfe_';

/**
 * Whether `code` is a current code of the user's app that was not used before; if so its step is taken (so it
 * never works again). Inside the caller's transaction.
 */
export async function checkTotpCode(deps: AppDeps, userId: number, code: string): Promise<boolean> {
  const row = await q.findTotpSecret(deps.db, userId);
  if (!row?.secret) return false;
  const secret = totpCipher(deps.config).decrypt(row.secret);
  if (!secret) {
    deps.logger.error({ userId }, 'authenticator secret cannot be decrypted (APP_SECRET changed?)');
    return false;
  }
  const step = totpStepOf(secret, code, deps.now());
  if (step === null) return false;
  return q.claimTotpStep(deps.db, userId, step);
}

/**
 * Uses up one of the user's recovery codes (normalized: 8 characters); false when it is not one, or was used.
 * Each code is salted, so the input is compared with every unused one (at most 10 slow hashes) up to the first match.
 */
export async function useRecoveryCodeOf(deps: AppDeps, userId: number, normalized: string): Promise<boolean> {
  for (const stored of await q.unusedRecoveryCodes(deps.db, userId)) {
    if (await recoveryCodeMatches(normalized, stored.codeHash)) return q.claimRecoveryCode(deps.db, stored.id, deps.now());
  }
  return false;
}

/** An entry of the audit log about the user's own account (the client's own log shows its team's); never a secret. */
async function auditAccount(tx: AppDeps, actor: UserActor, action: string, changes: Record<string, unknown> | null = null) {
  const [user, place] = await Promise.all([findUserById(tx.db, actor.id), clientOf(tx.db, actor.id)]);
  await recordAudit(tx, actor, { action, object: { type: 'account', id: actor.id, label: user?.email ?? actor.email, clientId: place.clientId }, changes });
}

export async function getTwoFactorStatus(deps: AppDeps, actor: UserActor): Promise<TTwoFactorStatus> {
  const row = await q.secondFactorsOf(deps.db, actor.id);
  if (!row) throw new AppError('authentication_failed', 'Invalid or expired token.');
  return {
    enabled: row.totpEnabledAt !== null || row.passkeys > 0,
    totp_enabled: row.totpEnabledAt !== null,
    totp_enabled_at: row.totpEnabledAt?.toISOString() ?? null,
    recovery_codes_left: row.totpEnabledAt ? row.recoveryCodesLeft : 0,
    passkeys: row.passkeys,
    enrolment_required: row.mustEnrol,
    required_by_agency: row.requiredByAgency,
  };
}

/** Step 1 of setting up the app: the password, then a secret kept (encrypted) for TOTP_ENROLMENT_TTL_SECONDS. */
export async function startTotpEnrolment(deps: AppDeps, actor: UserActor, input: TStartTotpEnrolment): Promise<TTotpEnrolment> {
  const { password } = ZStartTotpEnrolmentSchema.parse(input);
  await checkCurrentPassword(await findUserById(deps.db, actor.id), password);
  const factors = await q.secondFactorsOf(deps.db, actor.id);
  if (factors?.totpEnabledAt) throw new AppError('conflict', TOTP_ALREADY_ON);
  const secret = newTotpSecret();
  const [issuer, user] = await Promise.all([agencyName(deps), findUserById(deps.db, actor.id)]);
  const account = user?.email ?? actor.email;
  const { uri, qrCode } = await totpProvisioning(secret, issuer, account);
  const { token, hash } = newMarkedSecret(ENROLMENT_PREFIX);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + TOTP_ENROLMENT_TTL_SECONDS * 1000);
  await transact(deps, async (tx) => {
    await q.deleteOpenChallenges(tx.db, actor.id, 'totp_enrol');
    await q.insertChallenge(tx.db, {
      tokenHash: hash,
      userId: actor.id,
      purpose: 'totp_enrol',
      pendingSecret: totpCipher(deps.config).encrypt(secret),
      createdAt: now,
      expiresAt,
    });
  });
  return { enrolment: token, secret, otpauth_uri: uri, qr_code: qrCode, issuer, account, expires_at: expiresAt.toISOString() };
}

type ConfirmOutcome = { kind: 'on'; codes: string[] } | { kind: 'expired' } | { kind: 'wrong' } | { kind: 'already_on' };

/** Step 2: the first code turns the app on; answers the recovery codes (only now, never again) and ends other sessions. */
export async function confirmTotpEnrolment(deps: AppDeps, actor: UserActor, input: TConfirmTotpEnrolment): Promise<TRecoveryCodes> {
  const { enrolment, code } = ZConfirmTotpEnrolmentSchema.parse(input);
  const outcome = await transact(deps, async (tx): Promise<ConfirmOutcome> => {
    const now = tx.now();
    const row = await q.lockChallenge(tx.db, hashSecret(enrolment), 'totp_enrol');
    const live = row && row.userId === actor.id && row.usedAt === null && row.expiresAt > now && row.attempts < SECOND_FACTOR_MAX_ATTEMPTS;
    if (!live || !row.pendingSecret) return { kind: 'expired' };
    const factors = await q.secondFactorsOf(tx.db, actor.id);
    if (factors?.totpEnabledAt) return { kind: 'already_on' };
    const secret = totpCipher(tx.config).decrypt(row.pendingSecret);
    const step = secret ? totpStepOf(secret, code, now) : null;
    if (step === null) {
      await q.countChallengeAttempt(tx.db, row.id);
      return { kind: 'wrong' };
    }
    await q.markChallengeUsed(tx.db, row.id, now);
    // The stored secret is encrypted afresh (the pending copy had its own IV): the same plain secret.
    await q.enableTotp(tx.db, actor.id, totpCipher(tx.config).encrypt(secret!), step, now);
    const { codes, hashes } = await newRecoveryCodes();
    await q.replaceRecoveryCodes(tx.db, actor.id, hashes);
    await endOtherSessions(tx, actor);
    await auditAccount(tx, actor, 'account.two_factor_enabled', { method: 'totp' });
    await emit(tx, 'account.two_factor_changed', { userId: actor.id, change: 'enabled' });
    return { kind: 'on', codes };
  });
  if (outcome.kind === 'expired') throw new AppError('bad_request', ENROLMENT_EXPIRED, { enrolment: [ENROLMENT_EXPIRED] });
  if (outcome.kind === 'already_on') throw new AppError('conflict', TOTP_ALREADY_ON);
  if (outcome.kind === 'wrong') throw new AppError('bad_request', WRONG_CODE, { code: [WRONG_CODE] });
  return {
    detail: 'Two-factor authentication is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now.',
    recovery_codes: outcome.codes,
  };
}

/** New recovery codes for the old (needs a current code of the app). */
export async function regenerateRecoveryCodes(deps: AppDeps, actor: UserActor, input: TRegenerateRecoveryCodes): Promise<TRecoveryCodes> {
  const { code } = ZRegenerateRecoveryCodesSchema.parse(input);
  const codes = await transact(deps, async (tx) => {
    const factors = await q.secondFactorsOf(tx.db, actor.id);
    if (!factors?.totpEnabledAt) return 'not_on' as const;
    if (!(await checkTotpCode(tx, actor.id, code))) return 'wrong' as const;
    const fresh = await newRecoveryCodes();
    await q.replaceRecoveryCodes(tx.db, actor.id, fresh.hashes);
    await auditAccount(tx, actor, 'account.recovery_codes_regenerated');
    await emit(tx, 'account.two_factor_changed', { userId: actor.id, change: 'recovery_codes_regenerated' });
    return fresh.codes;
  });
  if (codes === 'not_on') throw new AppError('conflict', TOTP_NOT_ON);
  if (codes === 'wrong') throw new AppError('bad_request', WRONG_CODE, { code: [WRONG_CODE] });
  return { detail: 'New recovery codes: the old ones no longer work. They are shown only now.', recovery_codes: codes };
}

/** Turns the app off: the password, and a current code or a recovery code. Other sessions end. */
export async function disableTotp(deps: AppDeps, actor: UserActor, input: TDisableTotp): Promise<TTwoFactorStatus> {
  const body = ZDisableTotpSchema.parse(input);
  await checkCurrentPassword(await findUserById(deps.db, actor.id), body.password);
  const outcome = await transact(deps, async (tx) => {
    const factors = await q.secondFactorsOf(tx.db, actor.id);
    if (!factors?.totpEnabledAt) return 'not_on' as const;
    const right = 'code' in body ? await checkTotpCode(tx, actor.id, body.code) : await useRecoveryCodeOf(tx, actor.id, body.recovery_code);
    if (!right) return 'code' in body ? ('wrong_code' as const) : ('wrong_recovery' as const);
    await q.disableTotp(tx.db, actor.id, tx.now());
    await endOtherSessions(tx, actor);
    await auditAccount(tx, actor, 'account.two_factor_disabled', { method: 'totp', confirmed_with: 'code' in body ? 'code' : 'recovery_code' });
    await emit(tx, 'account.two_factor_changed', { userId: actor.id, change: 'disabled' });
    return 'off' as const;
  });
  if (outcome === 'not_on') throw new AppError('conflict', TOTP_NOT_ON);
  if (outcome === 'wrong_code') throw new AppError('bad_request', WRONG_CODE, { code: [WRONG_CODE] });
  if (outcome === 'wrong_recovery') {
    const message = 'That recovery code is not right, or it was already used.';
    throw new AppError('bad_request', message, { recovery_code: [message] });
  }
  return getTwoFactorStatus(deps, actor);
}

export async function getSecurityPolicy(deps: AppDeps): Promise<TSecurityPolicy> {
  const [row, staffWithout, clientsWithout] = await Promise.all([
    q.findSecurityPolicy(deps.db),
    q.countStaffWithoutSecondFactor(deps.db),
    q.countClientLoginsWithoutSecondFactor(deps.db),
  ]);
  return {
    require_staff_two_factor: row?.requireStaffTwoFactor ?? false,
    staff_without_two_factor: staffWithout,
    require_client_two_factor: row?.requireClientTwoFactor ?? false,
    client_logins_without_two_factor: clientsWithout,
    updated_at: row?.updatedAt.toISOString() ?? null,
    updated_by: row?.updatedBy ?? null,
  };
}

/**
 * Owners require a second factor of every staff account, of every client login (a client's own and its team
 * members'), or stop; a body may change either flag or both. Only an owner who has a second factor may require it
 * of staff (they would otherwise be the first one sent to enrolment). Accounts without one can then only enrol,
 * from their next request (their cached sessions last at most SESSION_CACHE_TTL_MS).
 */
export async function updateSecurityPolicy(deps: AppDeps, actor: UserActor, input: TUpdateSecurityPolicy): Promise<TSecurityPolicy> {
  const { require_staff_two_factor: staff, require_client_two_factor: clients } = ZUpdateSecurityPolicySchema.parse(input);
  if (staff) {
    const factors = await q.secondFactorsOf(deps.db, actor.id);
    if (!factors || (factors.totpEnabledAt === null && factors.passkeys === 0)) {
      throw new AppError('bad_request', OWN_SECOND_FACTOR_FIRST, { require_staff_two_factor: [OWN_SECOND_FACTOR_FIRST] });
    }
  }
  await transact(deps, async (tx) => {
    const before = await q.findSecurityPolicy(tx.db);
    await q.saveSecurityPolicy(tx.db, { requireStaffTwoFactor: staff, requireClientTwoFactor: clients }, actor.id, tx.now());
    const changes: Record<string, [boolean, boolean]> = {};
    const staffBefore = before?.requireStaffTwoFactor ?? false;
    const clientsBefore = before?.requireClientTwoFactor ?? false;
    if (staff !== undefined && staff !== staffBefore) changes.require_staff_two_factor = [staffBefore, staff];
    if (clients !== undefined && clients !== clientsBefore) changes.require_client_two_factor = [clientsBefore, clients];
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, {
        action: 'security_policy.updated',
        object: { type: 'security_policy', id: 1, label: 'Two-factor requirement' },
        changes,
      });
    }
  });
  return getSecurityPolicy(deps);
}
