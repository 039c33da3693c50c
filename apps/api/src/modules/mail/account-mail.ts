import { humanDate } from '../../core/clock';
import { escapeHtml } from '../../core/text';
import type { OutgoingMail } from './mail.service';

/*
 * The account's own e-mails (issue 28): reset a forgotten password, a password changed, confirm an address, an
 * address changed (with its undo), an address put back. Sent whatever the notification settings: they are about
 * the account's security. Every link is for one person and works once.
 */

/** Lines → a plain-text and a simple HTML body (blank lines collapsed), as the other templates. */
function body(lines: string[]): { text: string; html: string } {
  const kept = lines.filter((line, i, all) => line !== '' || all[i - 1] !== '');
  return { text: kept.join('\n'), html: kept.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n') };
}

/** "10 March 2025 at 14:05 UTC". */
function whenUtc(at: Date): string {
  return `${humanDate(at, 'long')} at ${at.toISOString().slice(11, 16)} UTC`;
}

export interface AccountMailContext {
  name: string;
  agency: string;
}

/** Forgot password: the one-time link (1 hour). */
export function passwordResetMail(to: string, ctx: AccountMailContext & { url: string; expiresAt: Date }): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `Someone (we hope you) asked to reset the password of your ${ctx.agency} account.`,
    'Open this link to choose a new password:',
    ctx.url,
    '',
    `The link works once, until ${whenUtc(ctx.expiresAt)} (1 hour). Setting a new password signs out every device signed in to your account.`,
    'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    '',
    ctx.agency,
  ];
  return { to, subject: `Reset your ${ctx.agency} password`, ...body(lines), kind: 'password_reset' };
}

/** Forgot password for an account whose invite was never accepted: the invite is the way in. */
export function passwordResetInvitedMail(to: string, ctx: AccountMailContext): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `Someone (we hope you) asked to reset the password of your ${ctx.agency} account, but you have not accepted your invite yet, so there is no password to reset.`,
    `Open the link in your invite e-mail to choose your password, or ask ${ctx.agency} to send the invite again.`,
    '',
    ctx.agency,
  ];
  return { to, subject: `Your ${ctx.agency} invite is waiting`, ...body(lines), kind: 'password_reset' };
}

/** The password was changed (by its holder in Settings, or with a reset link). */
export function passwordChangedMail(
  to: string,
  ctx: AccountMailContext & { how: 'changed' | 'reset'; at: Date; forgotUrl: string },
): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `The password of your ${ctx.agency} account was changed on ${whenUtc(ctx.at)}${ctx.how === 'reset' ? ' with a password reset link' : ''}.`,
    ctx.how === 'reset' ? 'Every device signed in to your account was signed out.' : 'Every other device signed in to your account was signed out.',
    '',
    'If this was you, there is nothing to do.',
    `If it was not, reset your password now and tell ${ctx.agency}:`,
    ctx.forgotUrl,
    '',
    ctx.agency,
  ];
  return { to, subject: `Your ${ctx.agency} password was changed`, ...body(lines), kind: 'password_changed' };
}

/** A new sign-up (or one asking again) confirms its address. */
export function emailVerifyMail(to: string, ctx: AccountMailContext & { url: string; expiresAt: Date }): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `Please confirm that this is the e-mail address of your ${ctx.agency} account:`,
    ctx.url,
    '',
    `The link works once, until ${humanDate(ctx.expiresAt, 'long')}. If you did not create an account, ignore this e-mail.`,
    '',
    ctx.agency,
  ];
  return { to, subject: `Confirm your e-mail address for ${ctx.agency}`, ...body(lines), kind: 'email_verify' };
}

/** To the new address of an e-mail change: nothing changes until this link is opened. */
export function emailChangeConfirmMail(to: string, ctx: AccountMailContext & { currentEmail: string; url: string; expiresAt: Date }): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `You asked to change the e-mail address of your ${ctx.agency} account from ${ctx.currentEmail} to this one.`,
    'Open this link to confirm the change:',
    ctx.url,
    '',
    `Until you do, nothing changes. The link works once, until ${whenUtc(ctx.expiresAt)} (24 hours). If you did not ask for this, ignore this e-mail.`,
    '',
    ctx.agency,
  ];
  return { to, subject: `Confirm your new e-mail address for ${ctx.agency}`, ...body(lines), kind: 'email_change' };
}

/** To the old address after a change: what happened, and the link that puts it back. */
export function emailChangedMail(to: string, ctx: AccountMailContext & { newEmail: string; at: Date; undoUrl: string; expiresAt: Date }): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `The e-mail address of your ${ctx.agency} account was changed from ${to} to ${ctx.newEmail} on ${whenUtc(ctx.at)}.`,
    'If this was you, there is nothing to do.',
    '',
    `If it was not, open this link to put ${to} back. Every device is then signed out and you will choose a new password:`,
    ctx.undoUrl,
    '',
    `The link works once, until ${humanDate(ctx.expiresAt, 'long')}.`,
    '',
    ctx.agency,
  ];
  return { to, subject: `The e-mail address of your ${ctx.agency} account was changed`, ...body(lines), kind: 'email_changed' };
}

/** To the address put back by an undo: sign in again only after choosing a new password. */
export function emailRestoredMail(to: string, ctx: AccountMailContext & { removedEmail: string; resetUrl: string; expiresAt: Date }): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `Your ${ctx.agency} account uses ${to} again (instead of ${ctx.removedEmail}), and every device was signed out.`,
    'Whoever changed the address may know your password, so it no longer works. Choose a new one with this link:',
    ctx.resetUrl,
    '',
    `The link works once, until ${whenUtc(ctx.expiresAt)} (1 hour). If it runs out, use "Forgot password?" on the sign-in page.`,
    '',
    ctx.agency,
  ];
  return { to, subject: `Your ${ctx.agency} e-mail address was put back: choose a new password`, ...body(lines), kind: 'email_restored' };
}
