/**
 * The demo's payments and plans: a card payment for each paid invoice of a client login (the others were paid
 * by hand), and each client login's customer, saved card and running plan on the sandbox provider's side.
 */
import { sql } from 'drizzle-orm';
import { BILLING_PLANS } from '@agency/contract';
import { toNumeric } from '../../../core/money';
import { seedSandboxAccount } from '../../../integrations/payments/sandbox/sandbox-seed';
import * as s from '../../schema';
import type { LoginClient, SeedContext } from './context';
import type { SeededInvoice } from './invoices';
import { addDays, addMonths } from './random';

const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'visa'] as const;
const CARD_LAST4 = ['4242', '4444', '0005', '1881'] as const;

async function seedInvoicePayments({ db }: SeedContext, loginClients: LoginClient[], invoices: SeededInvoice[]) {
  const loginClientIds = new Set(loginClients.map((c) => c.id));
  const paymentRows: (typeof s.payments.$inferInsert)[] = invoices
    .filter((inv) => loginClientIds.has(inv.clientId) && inv.status === 'paid' && inv.paidAt)
    .map((inv) => ({
      clientId: inv.clientId,
      invoiceId: inv.id,
      provider: 'sandbox',
      providerPaymentIntentId: `sandbox_pi_inv_${inv.id}_${inv.createdAt.getTime().toString(36)}`,
      amount: inv.amount,
      currency: 'usd',
      status: 'succeeded',
      createdAt: inv.paidAt!,
      updatedAt: inv.paidAt!,
    }));
  // Raw: billing exports no way to record a past payment (a payment.succeeded comes from a provider round trip).
  if (paymentRows.length > 0) {
    await db.insert(s.payments).values(paymentRows);
    await db.execute(
      sql`update ${s.invoices} set payment_intent_id = p.provider_payment_intent_id, paid_via = 'card' from ${s.payments} p where p.invoice_id = ${s.invoices.id}`,
    );
  }
  await db.execute(sql`update ${s.invoices} set paid_via = 'manual' where status = 'paid' and paid_via is null`);
}

async function seedPlans({ db, now }: SeedContext, loginClients: LoginClient[]) {
  for (const [i, c] of loginClients.entries()) {
    const plan = BILLING_PLANS.find((p) => p.id === (c.plan ?? 'starter'))!;
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
        brand: CARD_BRANDS[i % CARD_BRANDS.length]!,
        last4: CARD_LAST4[i % CARD_LAST4.length]!,
        expMonth: 1 + ((i * 5) % 12),
        expYear: now.getUTCFullYear() + 1 + (i % 3),
      },
      subscription: {
        priceLookupKey: plan.stripePrice,
        amountCents: plan.price * 100,
        status,
        created,
        periodStart: addMonths(periodEnd, -1),
        periodEnd,
      },
    });
    // Raw: billing exports no subscription start for the system with a past period (createSubscription is the client's).
    await db.insert(s.paymentCustomers).values({ clientId: c.id, provider: 'sandbox', customerId: account.customerId, createdAt: created });
    await db.insert(s.subscriptions).values({
      clientId: c.id,
      planId: plan.id,
      planName: plan.name,
      price: toNumeric(plan.price),
      billingCycle: 'monthly',
      status,
      provider: 'sandbox',
      providerSubscriptionId: account.subscriptionId,
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: false,
      createdAt: created,
      updatedAt: created,
    });
  }
}

export async function seedBilling(ctx: SeedContext, loginClients: LoginClient[], invoices: SeededInvoice[]): Promise<void> {
  await seedInvoicePayments(ctx, loginClients, invoices);
  await seedPlans(ctx, loginClients);
}
