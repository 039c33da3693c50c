import bcrypt from 'bcryptjs';
import {
  ACCOUNT_LINK_MARKS,
  ACCOUNT_LINK_TOKEN_PATTERN,
  EMAIL_ALREADY_VERIFIED,
  EMAIL_CHANGE_LINK_HOURS,
  EMAIL_CHANGE_UNDO_DAYS,
  EMAIL_VERIFIED,
  EMAIL_VERIFY_LINK_DAYS,
  EMAIL_VERIFY_SENT,
  PASSWORD_RESET_DONE,
  PASSWORD_RESET_LINK_MINUTES,
  PASSWORD_RESET_REQUESTED,
  ZRequestEmailChangeSchema,
  ZRequestPasswordResetSchema,
  ZResetPasswordSchema,
  type TAccountLinkAnswer,
  type TAccountLinkPurpose,
  type TAccountLinkToken,
  type TAccountLinkView,
  type TRequestEmailChange,
  type TRequestPasswordReset,
  type TResetPassword,
} from '@agency/contract';
import type { Actor, UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { sha256Hex } from '../../core/secret';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { clientOf, deleteTokensOfUser, findUserById } from './auth.queries';
import { unusablePasswordHash } from './invited-account';
import * as q from './account-links.queries';
import { assertPasswordAllowed } from './password-policy';
import { checkCurrentPassword } from './security-change';
import { endSessions } from './session-cache';
import { deleteOtherTokensOfUser } from './sessions.queries';
import { newMarkedSecret } from './tokens';

/*
 * One-time account links (issue 28, ASVS 5.0 V6.3/V6.4): a token of 32 random bytes behind a mark of its purpose
 * (`pwr_…`), e-mailed in a link's fragment; only its SHA-256 is stored, with its purpose, the address it is about,
 * its expiry and when it was used. A newer link of the same purpose replaces the older ones (except undo links: each
 * change's old address keeps its own). Links are issued by the listeners of the account events (account.listeners.ts),
 * so a token never sits in the outbox.
 */

const MINUTE_MS = 60_000;
/** How long each kind of link works. */
export const LINK_LIFETIME_MS: Record<TAccountLinkPurpose, number> = {
  password_reset: PASSWORD_RESET_LINK_MINUTES * MINUTE_MS,
  email_verify: EMAIL_VERIFY_LINK_DAYS * 1440 * MINUTE_MS,
  email_change: EMAIL_CHANGE_LINK_HOURS * 60 * MINUTE_MS,
  email_change_undo: EMAIL_CHANGE_UNDO_DAYS * 1440 * MINUTE_MS,
};

/** Issues a link for the user about `email` (called by the listeners, inside the dispatch transaction). */
export async function issueAccountLink(
  deps: AppDeps,
  userId: number,
  purpose: TAccountLinkPurpose,
  email: string,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newMarkedSecret(ACCOUNT_LINK_MARKS[purpose]);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + LINK_LIFETIME_MS[purpose]);
  await q.insertLink(deps.db, { userId, purpose, tokenHash: hash, email, expiresAt, now, replace: purpose !== 'email_change_undo' });
  return { token, expiresAt };
}

/** A link the page cannot use: a clear 400 on the token, with what to do. */
const refused = (detail: string) => new AppError('bad_request', detail, { token: [detail] });

const ASK_AGAIN: Record<TAccountLinkPurpose, string> = {
  password_reset: 'Ask for a new link with “Forgot password?” on the sign-in page.',
  email_verify: 'Sign in and choose “Resend” on the banner to get a new link.',
  email_change: 'Sign in and change your e-mail address again to get a new link.',
  email_change_undo: 'Contact the agency for help with your account.',
};

/**
 * The link behind a token when it can still be used for one of `purposes`; an unknown, replaced, used or expired
 * link is refused saying why and how to get a new one. `forUpdate` locks it for its use.
 */
async function usableLink(deps: AppDeps, token: string, purposes: readonly TAccountLinkPurpose[], forUpdate: boolean) {
  const value = token.trim();
  const found = ACCOUNT_LINK_TOKEN_PATTERN.test(value) ? await q.findLink(deps.db, sha256Hex(value), forUpdate) : undefined;
  if (!found || !purposes.includes(found.link.purpose)) {
    throw refused('This link is not valid: it may be incomplete, or a newer link replaced it. Use the link of the latest e-mail, or ask for a new one.');
  }
  const { link, user } = found;
  if (link.usedAt) throw refused(`This link was already used. ${ASK_AGAIN[link.purpose]}`);
  if (link.expiresAt <= deps.now()) throw refused(`This link has expired. ${ASK_AGAIN[link.purpose]}`);
  return { link, user, email: link.email ?? user.email };
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * An entry about an account, by its holder (signed in or proving it with a link); the client's own log shows its
 * team's. `changes` never holds a secret.
 */
async function auditAccount(tx: AppDeps, user: { id: number; email: string }, action: string, changes: Record<string, unknown> | null) {
  const { clientId } = await clientOf(tx.db, user.id);
  await recordAudit(tx, { kind: 'person', id: user.id }, { action, object: { type: 'account', id: user.id, label: user.email, clientId }, changes });
}

/**
 * POST /auth/password-reset/: the same answer and the same work whether or not an account has the address (one
 * event recorded; its listener looks the account up and mails). No account is looked up here.
 */
export async function requestPasswordReset(deps: AppDeps, input: TRequestPasswordReset): Promise<{ detail: string }> {
  const { email } = ZRequestPasswordResetSchema.parse(input);
  await transact(deps, (tx) => emit(tx, 'account.password_reset_requested', { email: email.toLowerCase() }));
  return { detail: PASSWORD_RESET_REQUESTED };
}

/** What a link is for, for its page (nothing is used up). */
export async function openAccountLink(deps: AppDeps, input: TAccountLinkToken): Promise<TAccountLinkView> {
  const { link, email } = await usableLink(deps, input.token, ['password_reset', 'email_verify', 'email_change', 'email_change_undo'], false);
  return { purpose: link.purpose, email, expires_at: link.expiresAt.toISOString() };
}

/**
 * Sets a new password with a reset link: the link is used up, every session of the account ends (this device signs
 * in afresh: a reset never skips a second factor), the address counts as confirmed (the link was opened from it)
 * and the account is told by e-mail.
 */
export async function resetPassword(deps: AppDeps, input: TResetPassword): Promise<TAccountLinkAnswer> {
  const data = ZResetPasswordSchema.parse(input);
  // The link is checked (unlocked) before the password, so a dead link says so whatever the password.
  const { user: holder } = await usableLink(deps, data.token, ['password_reset'], false);
  await assertPasswordAllowed(deps, data.new_password, holder, 'new_password');
  const passwordHash = await bcrypt.hash(data.new_password, deps.config.BCRYPT_ROUNDS);
  return transact(deps, async (tx) => {
    const { link, user } = await usableLink(tx, data.token, ['password_reset'], true);
    // A link mailed to an address the account no longer has does not reset it.
    if (!sameAddress(link.email ?? '', user.email)) throw refused(`This link is for an address that is no longer on the account. ${ASK_AGAIN.password_reset}`);
    const now = tx.now();
    await q.setPassword(tx.db, user.id, passwordHash, now);
    await q.markEmailVerified(tx.db, user.id, now);
    await q.useLink(tx.db, link.id, now);
    await q.dropOpenLinks(tx.db, user.id, ['password_reset']);
    const revoked = await deleteTokensOfUser(tx.db, user.id);
    await endSessions(tx, { userId: user.id, tokenIds: revoked, reason: 'password_changed' });
    await emit(tx, 'account.password_changed', { userId: user.id, how: 'reset' });
    await auditAccount(tx, user, 'account.password_reset', { sessions_ended: revoked.length });
    return { detail: PASSWORD_RESET_DONE, email: user.email };
  });
}

/** Confirms the account's address with the link mailed to it (a sign-up's, or one asked again). */
export async function verifyEmail(deps: AppDeps, input: TAccountLinkToken): Promise<TAccountLinkAnswer> {
  return transact(deps, async (tx) => {
    const { link, user, email } = await usableLink(tx, input.token, ['email_verify'], true);
    if (!sameAddress(email, user.email)) {
      throw refused('This link is for an address that is no longer on the account: nothing to confirm.');
    }
    const now = tx.now();
    await q.markEmailVerified(tx.db, user.id, now);
    await q.useLink(tx.db, link.id, now);
    await q.dropOpenLinks(tx.db, user.id, ['email_verify']);
    if (!user.emailVerifiedAt) await auditAccount(tx, user, 'account.email_verified', { email: user.email });
    return { detail: EMAIL_VERIFIED, email: user.email };
  });
}

/** E-mails a fresh confirmation link to the signed-in account (the older one stops working). */
export async function resendEmailVerification(deps: AppDeps, actor: UserActor): Promise<{ detail: string }> {
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw new AppError('authentication_failed', 'Invalid or expired token.');
  if (user.emailVerifiedAt) return { detail: EMAIL_ALREADY_VERIFIED };
  await transact(deps, (tx) => emit(tx, 'account.email_verification_requested', { userId: user.id }));
  return { detail: EMAIL_VERIFY_SENT };
}

/**
 * Asks to change the address (with the current password): a link goes to the new address and nothing changes
 * until it is opened. A taken address is a 409 on the field, as sign-up answers (and checked again at confirm).
 */
export async function requestEmailChange(deps: AppDeps, actor: UserActor, input: TRequestEmailChange): Promise<TAccountLinkAnswer> {
  const data = ZRequestEmailChangeSchema.parse(input);
  const user = await findUserById(deps.db, actor.id);
  if (!user) throw new AppError('authentication_failed', 'Invalid or expired token.');
  await checkCurrentPassword(user, data.current_password, 'current_password');
  if (sameAddress(data.new_email, user.email)) {
    throw new AppError('bad_request', 'This is already your e-mail address.', { new_email: ['This is already your e-mail address.'] });
  }
  if (await q.otherUserWithEmail(deps.db, data.new_email, user.id)) {
    throw new AppError('conflict', 'A user with this email already exists.', { new_email: ['A user with this email already exists.'] });
  }
  await transact(deps, async (tx) => {
    await emit(tx, 'account.email_change_requested', { userId: user.id, newEmail: data.new_email });
    await auditAccount(tx, user, 'account.email_change_requested', { new_email: data.new_email });
  });
  return {
    detail: `We sent a link to ${data.new_email}. Open it within ${EMAIL_CHANGE_LINK_HOURS} hours to confirm the change; until then your address stays ${user.email}.`,
    email: data.new_email,
  };
}

/**
 * Confirms an address change with the link sent to the new address: the address changes (and counts as confirmed),
 * the old one is told with an undo link, open links of the account stop working, and every other session ends (a
 * session of the same account that opened the link stays).
 */
export async function confirmEmailChange(deps: AppDeps, caller: Actor, input: TAccountLinkToken): Promise<TAccountLinkAnswer> {
  return transact(deps, async (tx) => {
    const { link, user, email } = await usableLink(tx, input.token, ['email_change'], true);
    if (await q.otherUserWithEmail(tx.db, email, user.id)) {
      throw new AppError('conflict', 'This address now belongs to another account, so it cannot be yours. Choose another one.', {
        email: ['A user with this email already exists.'],
      });
    }
    const now = tx.now();
    const oldEmail = user.email;
    await q.setEmail(tx.db, user, email, now);
    await q.useLink(tx.db, link.id, now);
    await q.dropOpenLinks(tx.db, user.id, ['password_reset', 'email_verify', 'email_change']);
    const keep = caller.kind === 'user' && caller.id === user.id ? caller.tokenId : null;
    const revoked = await deleteOtherTokensOfUser(tx.db, user.id, keep);
    await endSessions(tx, { userId: user.id, tokenIds: revoked, reason: 'security_changed' });
    await emit(tx, 'account.email_changed', { userId: user.id, oldEmail, newEmail: email });
    await auditAccount(tx, { id: user.id, email }, 'account.email_changed', { email: [oldEmail, email], other_sessions_ended: revoked.length });
    return { detail: `Your e-mail address is now ${email}. Use it to sign in.`, email };
  });
}

/**
 * Puts the old address back with the link sent to it after a change: every session ends, every open link of the
 * account stops working, and the password stops working too (whoever changed the address knew it); a link to
 * choose a new one goes to the restored address.
 */
export async function undoEmailChange(deps: AppDeps, input: TAccountLinkToken): Promise<TAccountLinkAnswer> {
  const lockedPassword = await unusablePasswordHash(deps);
  return transact(deps, async (tx) => {
    const { link, user, email } = await usableLink(tx, input.token, ['email_change_undo'], true);
    if (await q.otherUserWithEmail(tx.db, email, user.id)) {
      throw new AppError('conflict', `The address ${email} now belongs to another account, so it cannot be put back. Contact the agency for help.`);
    }
    const now = tx.now();
    const removedEmail = user.email;
    await q.setEmail(tx.db, user, email, now);
    await q.setPassword(tx.db, user.id, lockedPassword, now);
    await q.useLink(tx.db, link.id, now);
    await q.dropOpenLinks(tx.db, user.id, ['password_reset', 'email_verify', 'email_change', 'email_change_undo']);
    const revoked = await deleteTokensOfUser(tx.db, user.id);
    await endSessions(tx, { userId: user.id, tokenIds: revoked, reason: 'security_changed' });
    await emit(tx, 'account.email_restored', { userId: user.id, restoredEmail: email, removedEmail });
    await auditAccount(tx, { id: user.id, email }, 'account.email_change_undone', { email: [removedEmail, email], sessions_ended: revoked.length, password_locked: true });
    return {
      detail: `Your account uses ${email} again and every device was signed out. We sent a link to ${email} to choose a new password: whoever changed your address may know the old one.`,
      email,
    };
  });
}
