import type { EventBus } from '../../events/bus';
import { remeasureDeliveries } from './orders.service';

/** What orders do when something happens elsewhere. */
export function registerOrderListeners(events: EventBus): void {
  // A sync or a (re)connection brought new follower counts: the lines measured by those accounts follow them.
  events.handle('social.account_changed', (e, deps) => (e.change === 'disconnected' ? Promise.resolve() : remeasureDeliveries(deps, e.accountIds)));
}
