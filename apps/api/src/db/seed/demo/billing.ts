/**
 * The demo's payments and plans: a card payment for each paid invoice of a client login (the others were paid
 * by hand), and each client login's customer, saved card and running plan on the sandbox provider's side.
 */
import { PLAN_CATALOGUE, cardLabel, planPriceId } from '@agency/contract';
import { toNumeric } from '../../../core/money';
import { seedSandboxAccount } from '../../../integrations/payments/sandbox/sandbox-seed';
import { applySubscription } from '../../../modules/clients';
import { recordPaymentSucceeded } from '../../../modules/invoices';
import * as s from '../../schema';
import type { LoginClient, SeedContext } from './context';
import type { SeededInvoice } from './invoices';
import { addDays, addMonths } from './random';
import { depsAt } from './seed-deps';

const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'visa'] as const;
const CARD_LAST4 = ['4242', '4444', '0005', '1881'] as const;
/** The saved card of the i-th client login: it pays that client's plan and invoices. */
export const cardOf = (i: number) => ({ brand: CARD_BRANDS[i % CARD_BRANDS.length]!, last4: CARD_LAST4[i % CARD_LAST4.length]! });

/**
 * The card payments of the client logins' paid invoices. Each payment row is raw (see below); the invoice it paid
 * is then paid by card through the invoices module, as its payment.succeeded listener does after a real payment
 * (the seed's event bus runs no listeners).
 */
async function seedInvoicePayments({ deps, db }: SeedContext, loginClients: LoginClient[], invoices: SeededInvoice[]) {
  const cardOfClient = new Map(loginClients.map((c, i) => [c.id, cardLabel(cardOf(i))]));
  const paidByCard = invoices
    .filter((inv) => inv.paidBy === 'card' && inv.paidAt)
    .map((inv) => ({ ...inv, paidAt: inv.paidAt!, paymentIntentId: `sandbox_pi_inv_${inv.id}_${inv.createdAt.getTime().toString(36)}` }));
  if (paidByCard.length === 0) return;
  // Raw: a past payment cannot come from billing's services. Each is a round trip through the payment provider
  // (startInvoicePayment, then confirmPayment with a card), which the seed's deps do not carry (no deps.payments);
  // and the sandbox dates and numbers what it does by its own clock and random ids, not by the seed's clock.
  await db.insert(s.payments).values(
    paidByCard.map((inv) => ({
      clientId: inv.clientId,
      invoiceId: inv.id,
      provider: 'sandbox',
      providerPaymentIntentId: inv.paymentIntentId,
      amount: inv.amount,
      currency: 'usd',
      status: 'succeeded' as const,
      paymentCard: cardOfClient.get(inv.clientId) ?? null,
      createdAt: inv.paidAt,
      updatedAt: inv.paidAt,
    })),
  );
  for (const inv of paidByCard) {
    await recordPaymentSucceeded(depsAt(deps, inv.paidAt), {
      paid: { kind: 'invoice', invoiceId: inv.id, clientId: inv.clientId },
      card: cardOfClient.get(inv.clientId) ?? null,
      paymentIntentId: inv.paymentIntentId,
    });
  }
}

async function seedPlans({ deps, db, now }: SeedContext, loginClients: LoginClient[]) {
  for (const [i, c] of loginClients.entries()) {
    const plan = PLAN_CATALOGUE.find((p) => p.id === (c.plan ?? 'starter'))!;
    const created = addDays(c.createdAt, 1);
    let periodEnd = addMonths(created, 1);
    while (periodEnd < now) periodEnd = addMonths(periodEnd, 1);
    const pastDue = c.paymentStatus === 'overdue';
    if (pastDue) periodEnd = addMonths(periodEnd, -1);
    const status = pastDue ? 'past_due' : 'active';
    const account = await seedSandboxAccount(db, {
      clientId: c.id,
      name: c.name,
      email: c.email,
      card: {
        ...cardOf(i),
        expMonth: 1 + ((i * 5) % 12),
        expYear: now.getUTCFullYear() + 1 + (i % 3),
      },
      subscription: {
        priceLookupKey: planPriceId(plan.id, 'monthly'),
        amountCents: plan.monthly * 100,
        status,
        created,
        periodStart: addMonths(periodEnd, -1),
        periodEnd,
      },
    });
    // Raw: billing's createSubscription (and the customer it makes first) cannot start a plan in the past. It is the
    // client's own sign-up through the payment provider (none in the seed's deps), whose period starts at the
    // provider's clock and whose first invoice the browser pays; a year-old plan would then take a renewal a month,
    // each issuing an invoice the demo does not have.
    await db.insert(s.paymentCustomers).values({ clientId: c.id, provider: 'sandbox', customerId: account.customerId, createdAt: created });
    const [subscription] = await db.insert(s.subscriptions).values({
      clientId: c.id,
      planId: plan.id,
      planName: plan.name,
      price: toNumeric(plan.monthly),
      billingCycle: 'monthly',
      status,
      provider: 'sandbox',
      providerSubscriptionId: account.subscriptionId,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      createdAt: created,
      updatedAt: created,
    }).returning({ id: s.subscriptions.id });
    // What the clients module's subscription.changed listener does when a plan starts (the seed's bus runs none).
    await applySubscription(depsAt(deps, created), {
      subscriptionId: subscription!.id,
      clientId: c.id,
      clientName: c.name,
      planName: plan.name,
      previousPlanName: plan.name,
      change: 'activated',
      periodEnd: periodEnd.toISOString().slice(0, 10),
      price: plan.monthly,
      renews: true,
      paused: false,
    });
  }
}

export async function seedBilling(ctx: SeedContext, loginClients: LoginClient[], invoices: SeededInvoice[]): Promise<void> {
  await seedInvoicePayments(ctx, loginClients, invoices);
  await seedPlans(ctx, loginClients);
}
