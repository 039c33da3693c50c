import { mailBody } from './mail-templates';
import type { OutgoingMail } from './mail.service';

/** Security e-mails of an account (issue 28). */

/** How a time reads in a security e-mail: unambiguous, in UTC. */
function utcTime(at: Date): string {
  return `${at.toLocaleString('en-US', { timeZone: 'UTC', dateStyle: 'medium', timeStyle: 'short' })} UTC`;
}

/** To a staff member whose account was signed in to from a browser or device it had not been used from. */
export function newDeviceSignInMail(
  to: string,
  ctx: { name: string; agency: string; device: string; ip: string | null; at: Date; securityUrl: string },
): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `Your ${ctx.agency} account was just signed in to from a device or browser it has not been used from before.`,
    '',
    `Device: ${ctx.device}`,
    `IP address: ${ctx.ip ?? 'unknown'}`,
    `Time: ${utcTime(ctx.at)}`,
    '',
    'If this was you, there is nothing to do.',
    'If it was not you, change your password now and end the sessions you do not recognise in Settings → Security:',
    ctx.securityUrl,
    '',
    ctx.agency,
  ];
  return { to, subject: `New sign-in to your ${ctx.agency} account`, ...mailBody(lines), kind: 'new_device_sign_in' };
}
