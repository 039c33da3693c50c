import type { EventBus } from '../../events/bus';
import { clearEndedManager, followLoginEmail } from './clients.queries';
import { applySubscription } from './clients.service';

/**
 * What clients do when something happens elsewhere: a manager whose staff account ended leaves their clients, and a
 * client's plan subscription becomes its plan, fee, status and next payment, and a contact e-mail that was the
 * login's address follows the login when its owner changes it (or puts the old one back).
 */
export function registerClientListeners(events: EventBus): void {
  events.handle('staff.removed', (e, deps) => clearEndedManager(deps.db, e.managedClientIds, deps.now()));
  events.handle('subscription.changed', (e, deps) => applySubscription(deps, e));
  events.handle('account.email_changed', (e, deps) => followLoginEmail(deps.db, e.userId, e.oldEmail, e.newEmail, deps.now()));
  events.handle('account.email_restored', (e, deps) => followLoginEmail(deps.db, e.userId, e.removedEmail, e.restoredEmail, deps.now()));
}
