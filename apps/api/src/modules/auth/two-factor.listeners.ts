import { personName } from '../../core/text';
import type { EventBus } from '../../events/bus';
import { agencyName, portalUrl } from '../agency';
import { queueMail, twoFactorChangedMail } from '../mail';
import { findUserById } from './auth.queries';

/** What the auth module does after a second factor changed (committed): the account's holder is told by e-mail. */
export function registerTwoFactorListeners(events: EventBus): void {
  events.handle('account.two_factor_changed', async (e, deps) => {
    const user = await findUserById(deps.db, e.userId);
    if (!user) return;
    const settings = user.role === 'admin' ? '/dashboard?tab=security#settings' : '/dashboard#settings';
    await queueMail(
      deps,
      twoFactorChangedMail(user.email, {
        name: personName(user),
        agency: await agencyName(deps),
        change: e.change,
        at: deps.now(),
        securityUrl: `${portalUrl(deps)}${settings}`,
      }),
    );
  });
}
