/** The demo's invoices: one per month of service over the last year, and each client's next payment date. */
import { sql } from 'drizzle-orm';
import { toNumeric } from '../../../core/money';
import * as s from '../../schema';
import type { SeedContext, SeededClient } from './context';
import { addDays, addMonths, atWorkTime, isoDate, minDate } from './random';

export type SeededInvoice = Pick<typeof s.invoices.$inferSelect, 'id' | 'clientId' | 'amount' | 'status' | 'paidAt' | 'createdAt'>;

/** The months a client was billed in the last year (a paused client stopped being billed three months ago). */
function billedMonths({ now, yearAgo, rng }: SeedContext, c: SeededClient): Date[] {
  const months: Date[] = [];
  for (let k = 0; ; k++) {
    const issued = atWorkTime(rng, addDays(addMonths(c.createdAt, k), 1));
    if (issued > now) break;
    months.push(issued);
  }
  const billedUntil = c.status === 'paused' ? addMonths(now, -3) : now;
  return months.filter((issued) => issued >= yearAgo && issued <= billedUntil);
}

const monthLabel = (d: Date) => d.toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export async function seedInvoices(ctx: SeedContext, clients: SeededClient[]): Promise<SeededInvoice[]> {
  const { db, now, rng } = ctx;
  const rows: (typeof s.invoices.$inferInsert)[] = [];
  const usedNumbers = new Set<number>();
  const nextPaymentByClient = new Map<number, string>();
  for (const c of clients) {
    const months = billedMonths(ctx, c);
    const packageName = `${c.pkg[0]!.toUpperCase()}${c.pkg.slice(1)} package`;
    months.forEach((issued, k) => {
      const isLast = k === months.length - 1;
      const isSecondLast = k === months.length - 2;
      const due = addDays(issued, 14);
      const extra = rng.chance(0.15) ? rng.pick([150, 250, 400, 600]) : 0;
      let status: 'paid' | 'pending' | 'overdue' = 'paid';
      if (c.paymentStatus === 'overdue' && (isLast || isSecondLast)) status = due < now ? 'overdue' : 'pending';
      else if (c.paymentStatus === 'pending' && isLast) status = 'pending';
      else if (due > now) status = rng.chance(0.3) ? 'paid' : 'pending';
      else if (isLast && rng.chance(0.35)) status = 'pending'; // pending and already past due
      const paidAt = status === 'paid' ? minDate(addDays(issued, rng.int(1, 16)), addDays(now, -0.1)) : null;
      let n = issued.getTime();
      while (usedNumbers.has(n)) n += 1;
      usedNumbers.add(n);
      rows.push({
        invoiceNumber: `INV-${n}`,
        clientId: c.id,
        amount: toNumeric(c.fee + extra),
        dueDate: isoDate(due),
        description: `${packageName} — ${monthLabel(issued)}${extra > 0 ? ', plus ad spend management' : ''}`,
        status,
        createdAt: issued,
        updatedAt: paidAt ?? issued,
        paidAt,
        reminderSentAt: status === 'overdue' ? addDays(due, 2) : null,
      });
      if (status !== 'paid' && !nextPaymentByClient.has(c.id)) nextPaymentByClient.set(c.id, isoDate(due));
    });
    const lastIssued = months[months.length - 1];
    if (!nextPaymentByClient.has(c.id) && lastIssued && c.status !== 'paused') {
      nextPaymentByClient.set(c.id, isoDate(addDays(addMonths(lastIssued, 1), 14)));
    }
  }
  // Raw: the invoices module exports no createInvoice, markPaid or sendReminder (they date by deps.now: they would fit).
  const inserted = await db.insert(s.invoices).values(rows).returning({
    id: s.invoices.id,
    clientId: s.invoices.clientId,
    amount: s.invoices.amount,
    status: s.invoices.status,
    paidAt: s.invoices.paidAt,
    createdAt: s.invoices.createdAt,
  });
  // Raw: the clients module exports no updateClient for the next payment date. One statement, not one per client.
  const nextPayments = JSON.stringify([...nextPaymentByClient].map(([id, date]) => ({ id, date })));
  await db.execute(
    sql`update ${s.clients} set next_payment = v.date from json_to_recordset(${nextPayments}::json) as v(id integer, date date) where ${s.clients.id} = v.id`,
  );
  return inserted;
}
