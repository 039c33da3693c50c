/**
 * Pausing a plan on Stripe (issue 27): our API pauses collection with pause_collection (behavior 'void') and clears it to
 * resume; a pause or resume made in Stripe's dashboard reaches us as customer.subscription.updated and is applied the
 * same way. Against the local stand-in of Stripe's API (support/stripe-stand-in.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCreateSubscriptionResponse } from '@agency/contract';
import { createStripeProvider } from '../src/integrations/payments/stripe/stripe-provider';
import { subscriptionOf as subscriptionOfClient } from './support/sandbox-billing';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';
import { signedWebhook, startStripeStandIn, stripeEvent, type StripeStandIn } from './support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_pause';
let standIn: StripeStandIn;
let ctx: TestContext;
let admin: Session;

beforeAll(async () => {
  standIn = await startStripeStandIn();
  ctx = await createTestContext(
    { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    {
      payments: () =>
        createStripeProvider({ secretKey: 'sk_test_standin', publishableKey: 'pk_test_standin', webhookSecret: WEBHOOK_SECRET, ...standIn.connection }),
    },
  );
  admin = await signUp(ctx, { role: 'admin' });
});
afterAll(async () => {
  await ctx?.close();
  await standIn?.close();
});

const api = () => ctx.request();

function deliver(event: ReturnType<typeof stripeEvent>) {
  const { rawBody, signature } = signedWebhook(event, WEBHOOK_SECRET);
  return api().post('/api/billing/webhook/').set('Stripe-Signature', signature).set('Content-Type', 'application/json').send(rawBody.toString());
}

const subscriptionOf = (client: Session) => subscriptionOfClient(ctx, client);
const recordOf = async (client: Session) => (await api().get(`/api/clients/${client.user.client_id}/`).set(admin.auth)).body;

/** A client on Pro at Stripe, its first invoice paid and applied. */
async function subscribedClient(name: string) {
  const client = await signUp(ctx, { name });
  const res = await api().post('/api/billing/create-subscription/').set(client.auth).send({ price_id: 'price_pro_monthly', plan_name: 'Pro' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const started = res.body as TCreateSubscriptionResponse;
  const subscription = standIn.state.get<{ id: string; customer: string; latest_invoice: string }>(started.subscription_id);
  const card = standIn.state.addCard(subscription.customer);
  standIn.state.payInvoice(subscription.latest_invoice, card.id);
  await deliver(stripeEvent('invoice.paid', standIn.state.get(subscription.latest_invoice)));
  await deliver(stripeEvent('customer.subscription.updated', standIn.state.get(subscription.id)));
  expect(await subscriptionOf(client)).toMatchObject({ status: 'active', paused_at: null });
  return { client, subscriptionId: subscription.id };
}

describe('pausing on Stripe', () => {
  it('Pause sets pause_collection (void) at Stripe and the plan shows paused; Resume clears it', async () => {
    const { client, subscriptionId } = await subscribedClient('Stella Stripe');
    const paused = await api().post('/api/billing/pause-subscription/').set(client.auth);
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: 'active', next_billing_date: null, paused_at: expect.any(String) });
    expect(standIn.state.find('subscription', subscriptionId).pause_collection).toEqual({ behavior: 'void', resumes_at: null });
    expect(await recordOf(client)).toMatchObject({ status: 'paused', next_payment: null });

    // Stripe's webhook for the same change says the same: still paused, since the same time.
    await deliver(stripeEvent('customer.subscription.updated', standIn.state.get(subscriptionId)));
    expect((await subscriptionOf(client))?.paused_at).toBe(paused.body.paused_at);

    const resumed = await api().post('/api/billing/resume-subscription/').set(client.auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ paused_at: null, next_billing_date: expect.any(String) });
    expect(standIn.state.find('subscription', subscriptionId).pause_collection).toBeNull();
    expect(await recordOf(client)).toMatchObject({ status: 'active', next_payment: resumed.body.next_billing_date });
  });

  it("a pause made in Stripe's dashboard arrives by webhook and pauses the plan here; clearing it there resumes it", async () => {
    const { client, subscriptionId } = await subscribedClient('Dana Dashboard');
    standIn.state.find('subscription', subscriptionId).pause_collection = { behavior: 'void', resumes_at: null };
    expect((await deliver(stripeEvent('customer.subscription.updated', standIn.state.get(subscriptionId)))).status).toBe(200);
    expect(await subscriptionOf(client)).toMatchObject({ next_billing_date: null, paused_at: expect.any(String) });
    expect(await recordOf(client)).toMatchObject({ status: 'paused', next_payment: null });

    standIn.state.find('subscription', subscriptionId).pause_collection = null;
    await deliver(stripeEvent('customer.subscription.updated', standIn.state.get(subscriptionId)));
    expect(await subscriptionOf(client)).toMatchObject({ paused_at: null });
    expect((await recordOf(client)).status).toBe('active');
  });
});
