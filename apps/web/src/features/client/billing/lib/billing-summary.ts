import type { TInvoice, TSubscription } from '@agency/contract';

type TMoneyInvoice = Pick<TInvoice, 'status' | 'amount' | 'refunded_amount'>;

const cents = (n: number) => Math.round(n * 100);

export interface TBillingSummary {
  /** Paid invoices, less what was refunded of them (a fully refunded invoice adds nothing). */
  totalSpent: number;
  /** Pending and overdue invoices. */
  outstanding: number;
  /** The subscription's price; null without one that renews. */
  nextPayment: number | null;
  nextPaymentDate: string | null;
}

/**
 * The four summary cards (client-and-public 4): Total Spent = sum of paid amounts (net of partial refunds;
 * refunded invoices count nothing), Outstanding = pending + overdue, Next Payment = the subscription's price
 * while it renews.
 */
export function billingSummary(invoices: readonly TMoneyInvoice[], subscription: TSubscription | null): TBillingSummary {
  let spent = 0;
  let outstanding = 0;
  for (const inv of invoices) {
    if (inv.status === 'paid') spent += cents(inv.amount) - cents(inv.refunded_amount);
    else if (inv.status === 'pending' || inv.status === 'overdue') outstanding += cents(inv.amount);
  }
  const renews = isCurrent(subscription) && !subscription.cancel_at_period_end;
  return {
    totalSpent: spent / 100,
    outstanding: outstanding / 100,
    nextPayment: renews ? subscription.price : null,
    nextPaymentDate: renews ? subscription.next_billing_date : null,
  };
}

/** A subscription the client has now (a cancelled one has ended; the client chooses a plan again). */
export function isCurrent(subscription: TSubscription | null | undefined): subscription is TSubscription {
  return Boolean(subscription && subscription.status !== 'cancelled');
}

/** The invoice a past-due or unpaid subscription waits on: the newest pending or overdue one. */
export function openInvoice<T extends Pick<TInvoice, 'status'>>(invoices: readonly T[]): T | null {
  return invoices.find((i) => i.status === 'pending' || i.status === 'overdue') ?? null;
}
