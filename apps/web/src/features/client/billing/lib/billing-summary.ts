import type { TInvoice, TSubscription } from '@agency/contract';

/** A subscription the client has now (a cancelled one has ended; the client chooses a plan again). */
export function isCurrent(subscription: TSubscription | null | undefined): subscription is TSubscription {
  return Boolean(subscription && subscription.status !== 'cancelled');
}

/** The invoice a past-due or unpaid subscription waits on: the newest pending or overdue one. */
export function openInvoice<T extends Pick<TInvoice, 'status'>>(invoices: readonly T[]): T | null {
  return invoices.find((i) => i.status === 'pending' || i.status === 'overdue') ?? null;
}
