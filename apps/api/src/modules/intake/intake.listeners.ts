import type { EventBus } from '../../events/bus';
import { requestIntake } from './intake.service';

/** A paid order or a newly active subscription asks its client for the intake form (once each). */
export function registerIntakeListeners(events: EventBus): void {
  events.handle('order.paid', (e, deps) => requestIntake(deps, { clientId: e.clientId, orderId: e.orderId }));
  events.handle('subscription.changed', (e, deps) =>
    e.change === 'activated' ? requestIntake(deps, { clientId: e.clientId, subscriptionId: e.subscriptionId }) : Promise.resolve(),
  );
}
