import type { EventBus } from '../../events/bus';
import { clearEndedManager } from './clients.queries';

/** What clients do when something happens elsewhere: a manager whose staff account ended leaves their clients. */
export function registerClientListeners(events: EventBus): void {
  events.handle('staff.removed', (e, deps) => clearEndedManager(deps.db, e.managedClientIds, deps.now()));
}
