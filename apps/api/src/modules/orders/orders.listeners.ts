import type { EventBus } from '../../events/bus';
import { orderPaymentFailed, payOrder, remeasureDeliveries } from './orders.service';

/** What orders do when something happens elsewhere: their payments, and new follower counts of measured accounts. */
export function registerOrderListeners(events: EventBus): void {
  events.handle('payment.succeeded', (e, deps) => (e.paid.kind === 'order' ? payOrder(deps, e.paid.orderId, { card: e.card, paymentIntentId: e.paymentIntentId }) : Promise.resolve()));
  events.handle('payment.failed', (e, deps) => (e.paid.kind === 'order' ? orderPaymentFailed(deps, e.paid.orderId) : Promise.resolve()));
  // A sync or a (re)connection brought new follower counts: the lines measured by those accounts follow them.
  events.handle('social.account_changed', (e, deps) => (e.change === 'disconnected' ? Promise.resolve() : remeasureDeliveries(deps, e.accountIds)));
}
