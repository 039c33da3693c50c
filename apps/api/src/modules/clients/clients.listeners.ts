import type { EventBus } from '../../events/bus';
import { clearEndedManager } from './clients.queries';
import { applySubscription } from './clients.service';

/**
 * What clients do when something happens elsewhere: a manager whose staff account ended leaves their clients, and a
 * client's plan subscription becomes its plan, fee, status and next payment.
 */
export function registerClientListeners(events: EventBus): void {
  events.handle('staff.removed', (e, deps) => clearEndedManager(deps.db, e.managedClientIds, deps.now()));
  events.handle('subscription.changed', (e, deps) => applySubscription(deps, e));
}
