import { INVITE_PAGE_PATH } from '@agency/contract';
import { personName } from '../../core/text';
import type { EventBus } from '../../events/bus';
import { agencyName, portalUrl } from '../agency';
import { inviteMail, queueMail } from '../mail';
import { findUserById } from './auth.queries';
import { describeInvite, issueInvite } from './invites.service';

/** What the auth module does when its own events are dispatched (after the change committed). */
export function registerAuthListeners(events: EventBus): void {
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
}
