import { INVITE_PAGE_PATH } from '@agency/contract';
import { personName } from '../../core/text';
import type { EventBus } from '../../events/bus';
import { agencyName, portalUrl } from '../agency';
import { inviteMail, newDeviceSignInMail, queueMail } from '../mail';
import { registerAccountListeners } from './account.listeners';
import { registerTwoFactorListeners } from './two-factor.listeners';
import { findUserById, loginsOfClient } from './auth.queries';
import { describeDevice } from './devices';
import { describeInvite, issueInvite } from './invites.service';
import { recordKnownDevice } from './sessions.queries';
import { endEverySessionOf } from './sessions.service';

/** What the auth module does when its own events are dispatched (after the change committed). */
export function registerAuthListeners(events: EventBus): void {
  registerAccountListeners(events);
  registerTwoFactorListeners(events);
  // An invited person (staff, or a client's team member) gets a fresh one-time sign-in link (an earlier one stops working).
  events.handle('invite.sent', async (e, deps) => {
    const [invitee, inviter] = await Promise.all([findUserById(deps.db, e.userId), findUserById(deps.db, e.invitedBy)]);
    if (!invitee?.invitedAt) return;
    const agency = await agencyName(deps);
    const { joining } = await describeInvite(deps, invitee, agency);
    const link = await issueInvite(deps, e.userId, e.invitedBy);
    await queueMail(
      deps,
      inviteMail(invitee.email, {
        name: personName(invitee),
        agency,
        invitedBy: inviter ? personName(inviter) : agency,
        joining,
        url: `${portalUrl(deps)}${INVITE_PAGE_PATH}#token=${link.token}`,
        expiresAt: link.expiresAt,
        reminder: e.reminder,
      }),
    );
  });

  // An archived client's logins are signed out everywhere (their sign-ins are refused until it is restored).
  events.handle('client.archived', async (e, deps) => {
    for (const userId of await loginsOfClient(deps.db, e.clientId)) await endEverySessionOf(deps, userId);
  });

  // A staff account signed in from a browser or device it was not used from: its owner is told by e-mail. The
  // account's very first device (right after sign-up or an invite) is only recorded.
  events.handle('user.signed_in', async (e, deps) => {
    const user = await findUserById(deps.db, e.userId);
    if (!user || user.role !== 'admin') return;
    const device = describeDevice(e.userAgent);
    const now = deps.now();
    const seen = await recordKnownDevice(deps.db, { userId: user.id, fingerprint: device.fingerprint, label: device.label.slice(0, 200), now });
    if (seen !== 'new') return;
    const agency = await agencyName(deps);
    await queueMail(
      deps,
      newDeviceSignInMail(user.email, {
        name: personName(user),
        agency,
        device: device.os && device.browser ? `${device.browser} on ${device.os}` : device.label,
        ip: e.ip,
        at: now,
        securityUrl: `${portalUrl(deps)}/dashboard?tab=security#settings`,
      }),
    );
  });
}
