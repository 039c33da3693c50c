import {
  DEFAULT_CATALOGUE,
  contract,
  planPriceId,
  ZInvoiceSchema,
  type TBillingPlan,
  type TInvoice,
  type TSubscription,
  type TUser,
} from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { mockRoute } from './mock-api';
import { TEST_USER, testSession } from './render';

/** A signed-in client (billing is for clients only). */
export const CLIENT_USER: TUser = {
  ...TEST_USER,
  id: 2,
  email: 'cora@client.test',
  username: 'cora',
  name: 'Cora Client',
  first_name: 'Cora',
  last_name: 'Client',
  role: 'client',
  client_id: 7,
};

export const clientSession = () => testSession(CLIENT_USER);

/** The catalogue's plans as GET /billing/plans/ lists them. */
export const PLANS: TBillingPlan[] = DEFAULT_CATALOGUE.plans.map((p) => ({
  id: p.id,
  platform: p.platform,
  name: p.name,
  description: p.description,
  price: p.monthly,
  originalPrice: p.originalMonthly,
  annualPrice: p.annual,
  popular: p.popular,
  stripePrice: planPriceId(p.id, 'monthly'),
  annualStripePrice: planPriceId(p.id, 'annual'),
  features: [...p.features],
}));
export const [STARTER, PRO, PREMIUM] = PLANS as [TBillingPlan, TBillingPlan, TBillingPlan];

let seed = 100;

/** An invoice of the client: paid by default; override what the test looks at. */
export function invoice(overrides: Partial<TInvoice> = {}): TInvoice {
  const base = generateMock(ZInvoiceSchema, { seed: seed++ });
  const status = overrides.status ?? 'paid';
  return {
    ...base,
    client: 7,
    client_name: 'Cora Client',
    description: null,
    amount: 100,
    status,
    is_overdue: false,
    created_at: '2026-01-05T10:00:00Z',
    due_date: '2026-01-15',
    paid_at: status === 'paid' ? '2026-01-06T10:00:00Z' : null,
    reminder_sent_at: null,
    paid_via: status === 'paid' ? 'card' : null,
    payment_card: status === 'paid' ? 'Visa •••• 4242' : null,
    refunded_amount: 0,
    amount_paid: status === 'paid' || status === 'refunded' ? (overrides.amount ?? 100) : 0,
    amount_due: status === 'pending' || status === 'overdue' ? (overrides.amount ?? 100) : 0,
    plan_renewal: false,
    ...overrides,
  };
}

/** A page of invoices as GET /invoices/ answers. */
export function invoicePage(results: TInvoice[]) {
  return { count: results.length, next: null, previous: null, results };
}

export function subscription(overrides: Partial<TSubscription> = {}): TSubscription {
  return {
    id: 1,
    plan: 'pro',
    plan_name: 'Pro',
    platform: 'instagram',
    price_id: 'price_pro_monthly',
    provider: 'sandbox',
    price: 250,
    billing_cycle: 'monthly',
    next_billing_date: '2026-03-01',
    status: 'active',
    cancel_at_period_end: false,
    paused_at: null,
    features: [...PRO.features],
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/**
 * The Billing page's reads, served by the mock API: the subscription `current()` returns at each call (a test changes
 * it as the server would), no invoices, the plans and the sandbox provider.
 */
export function serveBillingPage(current: () => TSubscription | null): void {
  mockRoute(contract.billing.getSubscription, () => ({ status: 200, body: current() }));
  mockRoute(contract.invoices.listInvoices, { status: 200, body: invoicePage([]) });
  mockRoute(contract.billing.listBillingPlans, { status: 200, body: { results: PLANS } });
  mockRoute(contract.billing.getBillingConfig, { status: 200, body: { provider: 'sandbox', publishable_key: null } });
}
