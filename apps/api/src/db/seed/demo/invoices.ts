/**
 * The demo's invoices: one per month of service over the last year, each issued by the client's account manager
 * (invoices' createInvoice), paid by hand (markPaid) or reminded of (sendReminder) when that happened; and each
 * client's next payment date (clients' updateClient). The invoices a client login paid by card stay pending here:
 * their payments are billing's (demo/billing.ts), which then pays them.
 */
import { eq } from 'drizzle-orm';
import { PLAN_CATALOGUE, ZInvoiceFormSchema, ZUpdateClientSchema, type TInvoice } from '@agency/contract';
import { toNumeric } from '../../../core/money';
import { updateClient } from '../../../modules/clients';
import { createInvoice, markPaid, sendReminder } from '../../../modules/invoices';
import * as s from '../../schema';
import type { SeedContext, SeededClient, Staff } from './context';
import { addDays, addMonths, atWorkTime, isoDate, minDate } from './random';
import { depsAt } from './seed-deps';
import { staffActor } from './actors';

/** An invoice as the demo has it once billing has recorded its card payments (`paidBy: 'card'`). */
export interface SeededInvoice {
  id: number;
  clientId: number;
  amount: string;
  status: 'paid' | 'pending' | 'overdue';
  paidAt: Date | null;
  createdAt: Date;
  /** Who paid a paid invoice: the client's login by card (billing pays it), or the agency recorded it by hand. */
  paidBy: 'card' | 'manual' | null;
}

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

interface PlannedInvoice {
  issued: Date;
  due: Date;
  amount: number;
  description: string;
  status: SeededInvoice['status'];
  paidAt: Date | null;
}

/** A client's invoices as the demo has them (the random draws, in the demo's order). */
function planInvoices(ctx: SeedContext, c: SeededClient): PlannedInvoice[] {
  const { now, rng } = ctx;
  const months = billedMonths(ctx, c);
  // A client on a portal plan is billed the plan; the others the agency's package (with ad spend now and then).
  const plan = PLAN_CATALOGUE.find((p) => p.id === c.plan);
  const billedFor = plan ? `${plan.name} plan` : `${c.pkg[0]!.toUpperCase()}${c.pkg.slice(1)} package`;
  return months.map((issued, k) => {
    const isLast = k === months.length - 1;
    const isSecondLast = k === months.length - 2;
    const due = addDays(issued, 14);
    const adSpend = rng.chance(0.15) ? rng.pick([150, 250, 400, 600]) : 0;
    const extra = plan ? 0 : adSpend;
    let status: SeededInvoice['status'] = 'paid';
    if (c.paymentStatus === 'overdue' && (isLast || isSecondLast)) status = due < now ? 'overdue' : 'pending';
    else if (c.paymentStatus === 'pending' && isLast) status = 'pending';
    else if (due > now) status = rng.chance(0.3) ? 'paid' : 'pending';
    else if (isLast && rng.chance(0.35)) status = 'pending'; // pending and already past due
    const paidAt = status === 'paid' ? minDate(addDays(issued, rng.int(1, 16)), addDays(now, -0.1)) : null;
    const description = `${billedFor} — ${monthLabel(issued)}${extra > 0 ? ', plus ad spend management' : ''}`;
    return { issued, due, amount: c.fee + extra, description, status, paidAt };
  });
}

/** The next payment date: the first unpaid invoice's due date, else a month after the last one's (none once paused). */
function nextPaymentOf(c: SeededClient, planned: PlannedInvoice[]): string | null {
  const unpaid = planned.find((p) => p.status !== 'paid');
  if (unpaid) return isoDate(unpaid.due);
  const last = planned[planned.length - 1];
  return last && c.status !== 'paused' ? isoDate(addDays(addMonths(last.issued, 1), 14)) : null;
}

export async function seedInvoices(ctx: SeedContext, staff: Staff, clients: SeededClient[]): Promise<SeededInvoice[]> {
  const { deps, db } = ctx;
  const seeded: SeededInvoice[] = [];
  // Every invoice is issued first, in the order of its date across all clients, so their numbers run in sequence
  // through each year as the agency issued them; then each client's are paid or chased.
  const plans = clients.map((c) => ({ c, planned: planInvoices(ctx, c) }));
  const issuedOf = new Map<SeededClient, { invoice: TInvoice; status: SeededInvoice['status']; paidAt: Date | null; due: Date }[]>();
  const inDateOrder = plans.flatMap(({ c, planned }) => planned.map((p) => ({ c, p }))).sort((x, y) => x.p.issued.getTime() - y.p.issued.getTime());
  for (const { c, p } of inDateOrder) {
    const form = ZInvoiceFormSchema.parse({ client: c.id, amount: p.amount, due_date: isoDate(p.due), description: p.description });
    const invoice = await createInvoice(depsAt(deps, p.issued), staffActor(staff, c.manager), form);
    issuedOf.set(c, [...(issuedOf.get(c) ?? []), { ...p, invoice }]);
  }
  for (const { c, planned } of plans) {
    const manager = staffActor(staff, c.manager);
    const issued = issuedOf.get(c) ?? [];
    const nextPayment = nextPaymentOf(c, planned);
    const lastIssued = planned[planned.length - 1]?.issued;
    if (nextPayment && lastIssued) {
      const changes = ZUpdateClientSchema.parse({ next_payment: nextPayment });
      await updateClient(depsAt(deps, lastIssued), manager, { id: c.id, changes });
    }
    const paidBy = c.userId !== null ? 'card' : 'manual';
    for (const { invoice, status, paidAt, due } of issued) {
      if (status === 'paid' && paidBy === 'manual') await markPaid(depsAt(deps, paidAt!), manager, invoice.id);
      if (status === 'overdue') {
        // Raw: no service stores a hand-made invoice as overdue (only a failed renewal at the payment provider makes
        // one, through invoices' payment.failed listener); an overdue client of the demo has up to two.
        await db.update(s.invoices).set({ status: 'overdue', updatedAt: due }).where(eq(s.invoices.id, invoice.id));
        await sendReminder(depsAt(deps, addDays(due, 2)), manager, invoice.id);
      }
      seeded.push({
        id: invoice.id,
        clientId: c.id,
        amount: toNumeric(invoice.amount),
        status,
        paidAt,
        createdAt: new Date(invoice.created_at),
        paidBy: status === 'paid' ? paidBy : null,
      });
    }
  }
  return seeded;
}
