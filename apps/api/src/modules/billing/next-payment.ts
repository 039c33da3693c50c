import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { utcDate } from '../../core/clock';
import { clients, invoices, subscriptions } from '../../db/schema';
import type { Db } from '../../db/types';
import { amountDueSql } from '../invoices';

/** The client's next payment: what it will pay next, and when. `invoiceId` when it is an invoice already issued. */
export interface NextPayment {
  date: string;
  amount: string;
  invoiceId?: number;
}

/**
 * THE next payment of a client, which every screen, e-mail and PDF shows:
 * - the unpaid invoice due first (pending or overdue): what it still owes, now;
 * - else the renewal of the running plan subscription, at what its next invoice will charge (the price, plus a plan
 *   change's proration when one was made this period); none once the subscription is set to end, nor while the client
 *   has paused it;
 * - else, for a client without a subscription, the payment the agency planned on its record (date and monthly fee).
 */
export async function nextPaymentOf(db: Db, clientId: number): Promise<NextPayment | null> {
  const invoice = await firstUnpaidInvoice(db, clientId);
  if (invoice) return { date: invoice.dueDate, amount: invoice.amount, invoiceId: invoice.id };
  const subscription = await runningSubscription(db, clientId);
  if (subscription) {
    if (subscription.cancelAtPeriodEnd || subscription.pausedAt || !subscription.periodEnd) return null;
    return { date: utcDate(subscription.periodEnd), amount: subscription.nextInvoiceAmount ?? subscription.price };
  }
  const planned = await plannedPayment(db, clientId);
  return planned?.nextPayment ? { date: planned.nextPayment, amount: planned.monthlyFee } : null;
}

async function firstUnpaidInvoice(db: Db, clientId: number) {
  const [row] = await db
    // What it still asks for: a part payment the agency recorded is off it.
    .select({ id: invoices.id, dueDate: invoices.dueDate, amount: amountDueSql })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), inArray(invoices.status, ['pending', 'overdue'])))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(1);
  return row;
}

/** The client's running (active or past-due) subscription, if any. */
async function runningSubscription(db: Db, clientId: number) {
  const [row] = await db
    .select({
      periodEnd: subscriptions.currentPeriodEnd,
      price: subscriptions.price,
      nextInvoiceAmount: subscriptions.nextInvoiceAmount,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
      pausedAt: subscriptions.pausedAt,
    })
    .from(subscriptions)
    .where(and(eq(subscriptions.clientId, clientId), inArray(subscriptions.status, ['active', 'past_due'])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

async function plannedPayment(db: Db, clientId: number) {
  const [row] = await db
    .select({ nextPayment: clients.nextPayment, monthlyFee: clients.monthlyFee })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}
