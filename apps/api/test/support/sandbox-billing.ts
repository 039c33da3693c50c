import type { TCreateSubscriptionResponse, TSubscription } from '@agency/contract';
import { expect } from 'vitest';
import type { Session } from './factories';
import type { TestContext } from './test-app';

/** A card the sandbox accepts, less its number. */
export const SANDBOX_CARD = { exp_month: 12, exp_year: 2030, cvc: '123' };

/** Starts a plan subscription for a signed-in client (its first invoice waits for a card). */
export async function subscribe(ctx: TestContext, client: Session, plan = 'price_pro_monthly', name = 'Pro'): Promise<TCreateSubscriptionResponse> {
  const res = await ctx.request().post('/api/billing/create-subscription/').set(client.auth).send({ price_id: plan, plan_name: name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TCreateSubscriptionResponse;
}

/** Confirms a payment intent with the sandbox's card form fields. */
export const confirmPayment = (ctx: TestContext, client: Session, paymentIntentId: string, body: Record<string, unknown>) =>
  ctx.request().post('/api/billing/confirm-payment/').set(client.auth).send({ payment_intent_id: paymentIntentId, ...body });

/** Pays a payment intent with a sandbox test card (4242…: succeeds). */
export const payWithCard = (ctx: TestContext, client: Session, paymentIntentId: string, cardNumber = '4242424242424242') =>
  confirmPayment(ctx, client, paymentIntentId, { card_number: cardNumber, ...SANDBOX_CARD });

/** Subscribes the client and pays the first invoice: the plan is active. */
export async function subscribeAndPay(ctx: TestContext, client: Session, plan = 'price_pro_monthly', name = 'Pro'): Promise<void> {
  const started = await subscribe(ctx, client, plan, name);
  expect((await payWithCard(ctx, client, started.payment_intent_id!)).body.status).toBe('succeeded');
}

/** The client's subscription as the portal reads it (GET /billing/subscription/), or null. */
export async function subscriptionOf(ctx: TestContext, client: Session): Promise<TSubscription | null> {
  return (await ctx.request().get('/api/billing/subscription/').set(client.auth)).body as TSubscription | null;
}
