import {
  CONFIRM_EMAIL_PAGE_PATH,
  FORGOT_PASSWORD_PAGE_PATH,
  RESET_PASSWORD_PAGE_PATH,
  UNDO_EMAIL_CHANGE_PAGE_PATH,
  type TAccountLinkPurpose,
} from '@agency/contract';
import { personName } from '../../core/text';
import type { AppDeps } from '../../deps';
import type { EventBus } from '../../events/bus';
import { transact } from '../../events/outbox';
import { agencyName, portalUrl } from '../agency';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailRestoredMail,
  emailVerifyMail,
  passwordChangedMail,
  passwordResetInvitedMail,
  passwordResetMail,
  queueMail,
} from '../mail';
import { issueAccountLink } from './account-links.service';
import { findUserByEmail, findUserById, type UserRow } from './auth.queries';

/**
 * The account's e-mails (issue 28), after the change that causes them commits: each issues its one-time link here
 * (so no token is ever stored but as its hash) and queues the mail; a forgot-password request's, in a job.
 */
/** The job that looks up the account of a forgot-password request and mails it (see mailPasswordResetLink). */
export const PASSWORD_RESET_JOB = 'account.password-reset';

/** Whom an account's mail greets, and from which agency. */
async function greetingOf(deps: AppDeps, user: UserRow): Promise<{ name: string; agency: string }> {
  return { name: personName(user), agency: await agencyName(deps) };
}

/** A fresh one-time link of `purpose` for the user about `email`: the address of the page that takes it, and its expiry. */
async function pageLink(
  deps: AppDeps,
  user: UserRow,
  purpose: TAccountLinkPurpose,
  email: string,
  pagePath: string,
): Promise<{ url: string; expiresAt: Date }> {
  const link = await issueAccountLink(deps, user.id, purpose, email);
  return { url: `${portalUrl(deps)}${pagePath}#token=${link.token}`, expiresAt: link.expiresAt };
}

/**
 * Forgot password, after the request answered: the account with that address (if any) gets a reset link; an account
 * still waiting on its invite is pointed to the invite instead. No account: nothing is sent.
 */
export async function mailPasswordResetLink(deps: AppDeps, email: string): Promise<void> {
  await transact(deps, async (tx) => {
    const user = await findUserByEmail(tx.db, email);
    if (!user) return;
    const greeting = await greetingOf(tx, user);
    if (user.invitedAt) {
      await queueMail(tx, passwordResetInvitedMail(user.email, greeting));
      return;
    }
    const link = await pageLink(tx, user, 'password_reset', user.email, RESET_PASSWORD_PAGE_PATH);
    await queueMail(tx, passwordResetMail(user.email, { ...greeting, ...link }));
  });
}

export function registerAccountListeners(events: EventBus): void {
  // Forgot password: the lookup and the mail run later, in a job, so the request that recorded the event answers
  // in the same time whether or not an account has the address (this handler does the same work for both).
  events.handle('account.password_reset_requested', (e, deps) => deps.jobs.send(deps, PASSWORD_RESET_JOB, { email: e.email }));

  events.handle('account.password_changed', async (e, deps) => {
    const user = await findUserById(deps.db, e.userId);
    if (!user) return;
    await queueMail(
      deps,
      passwordChangedMail(user.email, { ...(await greetingOf(deps, user)), how: e.how, at: deps.now(), forgotUrl: `${portalUrl(deps)}${FORGOT_PASSWORD_PAGE_PATH}` }),
    );
  });

  events.handle('account.email_verification_requested', async (e, deps) => {
    const user = await findUserById(deps.db, e.userId);
    if (!user || user.emailVerifiedAt) return;
    const link = await pageLink(deps, user, 'email_verify', user.email, CONFIRM_EMAIL_PAGE_PATH);
    await queueMail(deps, emailVerifyMail(user.email, { ...(await greetingOf(deps, user)), ...link }));
  });

  // The link that confirms a change goes to the new address (proving it is theirs).
  events.handle('account.email_change_requested', async (e, deps) => {
    const user = await findUserById(deps.db, e.userId);
    if (!user) return;
    const link = await pageLink(deps, user, 'email_change', e.newEmail, CONFIRM_EMAIL_PAGE_PATH);
    await queueMail(deps, emailChangeConfirmMail(e.newEmail, { ...(await greetingOf(deps, user)), currentEmail: user.email, ...link }));
  });

  // The old address is told, with a link (7 days) that puts it back.
  events.handle('account.email_changed', async (e, deps) => {
    const user = await findUserById(deps.db, e.userId);
    if (!user) return;
    const link = await pageLink(deps, user, 'email_change_undo', e.oldEmail, UNDO_EMAIL_CHANGE_PAGE_PATH);
    await queueMail(
      deps,
      emailChangedMail(e.oldEmail, { ...(await greetingOf(deps, user)), newEmail: e.newEmail, at: deps.now(), undoUrl: link.url, expiresAt: link.expiresAt }),
    );
  });

  // After an undo the password no longer works: the restored address gets a reset link.
  events.handle('account.email_restored', async (e, deps) => {
    const user = await findUserById(deps.db, e.userId);
    if (!user) return;
    const link = await pageLink(deps, user, 'password_reset', e.restoredEmail, RESET_PASSWORD_PAGE_PATH);
    await queueMail(
      deps,
      emailRestoredMail(e.restoredEmail, { ...(await greetingOf(deps, user)), removedEmail: e.removedEmail, resetUrl: link.url, expiresAt: link.expiresAt }),
    );
  });
}
