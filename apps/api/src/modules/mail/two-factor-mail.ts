import { humanDate } from '../../core/clock';
import { mailBody } from './mail-templates';
import type { OutgoingMail } from './mail.service';

/** What changed about an account's second factor (the account.two_factor_changed event). */
export type TwoFactorChange = 'enabled' | 'disabled' | 'recovery_codes_regenerated';

const SAID: Record<TwoFactorChange, { subject: string; line: string; signedOut: boolean }> = {
  enabled: { subject: 'Two-factor authentication is on', line: 'Two-factor authentication with an authenticator app was turned on for your account', signedOut: true },
  disabled: { subject: 'Two-factor authentication was turned off', line: 'Two-factor authentication was turned off for your account: signing in asks only for your password now', signedOut: true },
  recovery_codes_regenerated: { subject: 'New recovery codes were made', line: 'New recovery codes were made for your account; the earlier ones no longer work', signedOut: false },
};

/**
 * To the holder of an account whose second factor changed (sent whatever the notification settings: it is about the
 * account's security). Says where to look if it was not them.
 */
export function twoFactorChangedMail(
  to: string,
  ctx: { name: string; agency: string; change: TwoFactorChange; at: Date; securityUrl: string },
): OutgoingMail {
  const said = SAID[ctx.change];
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `${said.line} (${humanDate(ctx.at, 'long')} at ${ctx.at.toISOString().slice(11, 16)} UTC).`,
    ...(said.signedOut ? ['Every other device signed in to your account was signed out.'] : []),
    '',
    'If this was you, there is nothing to do.',
    `If it was not, change your password now, check your two-factor settings and tell ${ctx.agency}:`,
    ctx.securityUrl,
    '',
    ctx.agency,
  ];
  return { to, subject: `${said.subject} on your ${ctx.agency} account`, ...mailBody(lines), kind: 'two_factor_changed' };
}
