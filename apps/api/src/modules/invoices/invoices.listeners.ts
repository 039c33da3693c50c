import type { EventBus } from '../../events/bus';
import { recordPaymentFailed, recordPaymentSucceeded, recordRefund } from './invoice-payments.service';

/** What invoices do when a payment at the provider succeeds, fails or is refunded. */
export function registerInvoiceListeners(events: EventBus): void {
  events.handle('payment.succeeded', (e, deps) => recordPaymentSucceeded(deps, e));
  events.handle('payment.failed', (e, deps) => recordPaymentFailed(deps, e));
  events.handle('charge.refunded', (e, deps) => recordRefund(deps, e));
}
