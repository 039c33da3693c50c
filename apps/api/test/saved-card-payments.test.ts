/**
 * Pay Now with a saved card (the sandbox provider): the default or a chosen card pays the invoice in one step; a card
 * whose bank asks for authentication answers requires_action and the invoice is paid once the card holder completes
 * it; a declined card says why and the next try goes through. The charge is claimed with a unique key before the
 * provider is called: a double click, two instances and a retry after a crash charge the card once.
 */
import { sql } from 'drizzle-orm';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCardPaymentResult, TInvoice, TPaymentMethods, TSetupIntent } from '@agency/contract';
import { createApp } from '../src/app';
import { payments, savedCardCharges } from '../src/db/schema';
import type { PaymentProvider } from '../src/integrations/payments/provider';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { secondInstanceDeps } from './support/live-server';
import { SANDBOX_CARD, confirmPayment } from './support/sandbox-billing';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
let second: Awaited<ReturnType<typeof secondInstanceDeps>>;
let admin: Session;
const api = () => ctx.request();

async function saveCard(client: Session, number: string, authentication?: 'complete') {
  const setup = (await api().post('/api/billing/create-setup-intent/').set(client.auth).expect(200)).body as TSetupIntent;
  const res = await api().post('/api/billing/confirm-setup/').set(client.auth).send({ setup_intent_id: setup.setup_intent_id, card_number: number, ...SANDBOX_CARD });
  if (res.body.status === 'requires_action' && authentication) {
    await api().post('/api/billing/confirm-setup/').set(client.auth).send({ setup_intent_id: setup.setup_intent_id, authentication }).expect(200);
  }
  const cards = ((await api().get('/api/billing/payment-methods/').set(client.auth).expect(200)).body as TPaymentMethods).results;
  return cards.find((c) => c.last4 === number.slice(-4))!;
}

const payWithCard = (client: Session, invoiceId: number, body: object = {}, request = api) =>
  request().post(`/api/invoices/${invoiceId}/pay_with_card/`).set(client.auth).send(body);
const invoiceOf = async (client: Session, id: number) => (await api().get(`/api/invoices/${id}/`).set(client.auth).expect(200)).body as TInvoice;

/** The sandbox's payment intents for an invoice that succeeded: how many times the card was charged. */
async function charges(invoiceId: number): Promise<number> {
  const rows = await ctx.deps.db.execute<{ n: number }>(
    sql`select count(*)::int as n from sandbox_payment_objects where kind = 'payment_intent' and data->'metadata'->>'invoice_id' = ${String(invoiceId)} and data->>'status' = 'succeeded'`,
  );
  return Number((rows as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (rows as unknown as { n: number }[])[0]?.n ?? 0);
}

beforeAll(async () => {
  ctx = await createTestContext();
  second = await secondInstanceDeps(ctx.deps);
  admin = await signUp(ctx, { role: 'admin', name: 'Olive Owner' });
});
afterAll(async () => {
  await second?.close();
  await ctx?.close();
});

describe('Pay Now with a saved card', () => {
  it('the default card pays the balance in one step; the invoice, the client and the PDF say paid by that card', async () => {
    const client = await signUp(ctx, { name: 'Dee Default' });
    await saveCard(client, '4242424242424242');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 300 });
    await api().post(`/api/invoices/${invoice.id}/payments/`).set(admin.auth).send({ amount: 100, paid_on: new Date().toISOString().slice(0, 10), method: 'cash' }).expect(201);

    const res = await payWithCard(client, invoice.id);
    expect(res.status).toBe(200);
    expect(res.body as TCardPaymentResult).toMatchObject({ status: 'succeeded', amount: 200, error: null, card: 'Visa •••• 4242', client_secret: null });
    expect(await invoiceOf(client, invoice.id)).toMatchObject({ status: 'paid', paid_via: 'card', payment_card: 'Visa •••• 4242', amount_due: 0 });
    expect(await charges(invoice.id)).toBe(1);
    // Paid: a second try is refused, nothing charged.
    expect((await payWithCard(client, invoice.id)).status).toBe(409);
    expect(await charges(invoice.id)).toBe(1);
  });

  it('pays with the card the client chooses; a card not theirs is refused on its field', async () => {
    const client = await signUp(ctx, { name: 'Cho Chooser' });
    await saveCard(client, '4242424242424242');
    const master = await saveCard(client, '5555555555554444');
    const other = await signUp(ctx, { name: 'Otto Other' });
    const theirs = await saveCard(other, '6011111111111117');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 80 });
    const refused = await payWithCard(client, invoice.id, { payment_method_id: theirs.id });
    expect(refused.status).toBe(404);
    expect(refused.body.errors.payment_method_id[0]).toBe('This card is not among your saved cards.');
    const res = await payWithCard(client, invoice.id, { payment_method_id: master.id });
    expect(res.body).toMatchObject({ status: 'succeeded', card: 'Mastercard •••• 4444' });
    expect((await invoiceOf(client, invoice.id)).payment_card).toBe('Mastercard •••• 4444');
    // Another client's invoice is out of reach.
    const theirInvoice = await createInvoiceViaApi(ctx, admin, other.user.client_id!, { amount: 10 });
    expect((await payWithCard(client, theirInvoice.id)).status).toBe(404);
  });

  it('a card whose bank asks for authentication: requires_action, then paid once the card holder completes it; a failed one leaves it owed and a new try asks again', async () => {
    const client = await signUp(ctx, { name: 'Tess ThreeDS' });
    await saveCard(client, '4000002760003184', 'complete');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 120 });

    const first = (await payWithCard(client, invoice.id).expect(200)).body as TCardPaymentResult;
    expect(first).toMatchObject({ status: 'requires_action', error: null });
    expect(first.client_secret).toBeTruthy();
    expect((await invoiceOf(client, invoice.id)).status).toBe('pending');
    const failed = await confirmPayment(ctx, client, first.payment_intent_id, { authentication: 'fail' });
    expect(failed.body.status).toBe('requires_payment_method');
    expect((await invoiceOf(client, invoice.id)).status).toBe('pending');

    const again = (await payWithCard(client, invoice.id).expect(200)).body as TCardPaymentResult;
    expect(again.status).toBe('requires_action');
    expect(again.payment_intent_id).not.toBe(first.payment_intent_id);
    expect((await confirmPayment(ctx, client, again.payment_intent_id, { authentication: 'complete' })).body.status).toBe('succeeded');
    expect(await invoiceOf(client, invoice.id)).toMatchObject({ status: 'paid', paid_via: 'card' });
    expect(await charges(invoice.id)).toBe(1);
  });

  it('while a card payment is under way the agency cannot record one by hand (409); once it failed, it can, and the card is not charged after', async () => {
    const client = await signUp(ctx, { name: 'Ria Racer' });
    await saveCard(client, '4000002760003184', 'complete');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 90 });
    const byHand = () =>
      api().post(`/api/invoices/${invoice.id}/payments/`).set(admin.auth).send({ amount: 90, paid_on: new Date().toISOString().slice(0, 10), method: 'bank_transfer' });

    const started = (await payWithCard(client, invoice.id).expect(200)).body as TCardPaymentResult;
    expect(started.status).toBe('requires_action');
    const refused = await byHand().expect(409);
    expect(refused.body.detail).toMatch(/card payment of invoice .* is under way/);
    expect(await invoiceOf(client, invoice.id)).toMatchObject({ status: 'pending', amount_due: 90 });

    await confirmPayment(ctx, client, started.payment_intent_id, { authentication: 'fail' });
    await byHand().expect(201);
    expect(await invoiceOf(client, invoice.id)).toMatchObject({ status: 'paid', paid_via: 'manual', amount_due: 0 });
    // Paid by hand: the card is not charged on top.
    expect((await payWithCard(client, invoice.id)).status).toBe(409);
    expect(await charges(invoice.id)).toBe(0);
  });

  it('a declined card says why and leaves the invoice owed; the next try with another card pays it', async () => {
    const client = await signUp(ctx, { name: 'Dan Declined' });
    const declining = await saveCard(client, '4000000000000341');
    const good = await saveCard(client, '4242424242424242');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 60 });
    const res = await payWithCard(client, invoice.id, { payment_method_id: declining.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'requires_payment_method', error: 'Your card was declined.' });
    expect((await invoiceOf(client, invoice.id)).status).toBe('pending');
    expect((await payWithCard(client, invoice.id, { payment_method_id: good.id })).body.status).toBe('succeeded');
    expect(await charges(invoice.id)).toBe(1);
  });

  it('without a saved card it says so on the field', async () => {
    const client = await signUp(ctx, { name: 'Nora Nocard' });
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 60 });
    const res = await payWithCard(client, invoice.id);
    expect(res.status).toBe(400);
    expect(res.body.errors.payment_method_id[0]).toBe('You have no saved card.');
  });
});

describe('charged once', () => {
  it('a double click and two instances at once charge the card once and answer the same payment', async () => {
    const client = await signUp(ctx, { name: 'Dora Double' });
    await saveCard(client, '4242424242424242');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 250 });
    const otherApp = createApp(second.deps);
    const onSecond = () => supertest.agent(otherApp);
    const answers = await Promise.all([payWithCard(client, invoice.id), payWithCard(client, invoice.id, {}, onSecond), payWithCard(client, invoice.id), payWithCard(client, invoice.id, {}, onSecond)]);
    // Each answers the one charge (or that it is paid by now); none charges again.
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const intents = new Set(answers.filter((a) => a.status === 200).map((a) => (a.body as TCardPaymentResult).payment_intent_id));
    expect(intents.size).toBe(1);
    expect(await charges(invoice.id)).toBe(1);
    expect(await invoiceOf(client, invoice.id)).toMatchObject({ status: 'paid', amount_due: 0 });
    const rows = await ctx.deps.db.select().from(savedCardCharges).where(sql`${savedCardCharges.invoiceId} = ${invoice.id}`);
    expect(rows).toHaveLength(1);
    expect((await ctx.deps.db.select().from(payments).where(sql`${payments.invoiceId} = ${invoice.id}`)).length).toBe(1);
  });

  it('a crash after the provider charged the card and before the app recorded it: the retry records that charge, not a second one', async () => {
    const client = await signUp(ctx, { name: 'Cass Crash' });
    await saveCard(client, '4242424242424242');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 75 });
    const provider = ctx.deps.payments;
    const real = provider.chargeSavedCard.bind(provider);
    // The provider charges; the process dies before it hears the answer.
    (provider as { chargeSavedCard: PaymentProvider['chargeSavedCard'] }).chargeSavedCard = async (input) => {
      await real(input);
      throw new Error('the instance died');
    };
    try {
      expect((await payWithCard(client, invoice.id)).status).toBe(500);
    } finally {
      (provider as { chargeSavedCard: PaymentProvider['chargeSavedCard'] }).chargeSavedCard = real;
    }
    expect(await charges(invoice.id)).toBe(1);
    expect((await invoiceOf(client, invoice.id)).status).toBe('pending');

    const retry = await payWithCard(client, invoice.id);
    expect(retry.status).toBe(200);
    expect(retry.body.status).toBe('succeeded');
    expect(await charges(invoice.id)).toBe(1);
    expect(await invoiceOf(client, invoice.id)).toMatchObject({ status: 'paid', paid_via: 'card' });
  });

  it('a crash after the charge was recorded as succeeded but before the invoice heard of it: the retry pays the invoice, charging nothing', async () => {
    const client = await signUp(ctx, { name: 'Cory Crash' });
    await saveCard(client, '4242424242424242');
    const invoice = await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 45 });
    const first = (await payWithCard(client, invoice.id).expect(200)).body as TCardPaymentResult;
    // As if the instance died between marking the attempt succeeded and applying the payment to the invoice.
    await ctx.deps.db.execute(sql`update invoices set status = 'pending', paid_at = null, paid_via = null, payment_card = null, amount_paid = 0 where id = ${invoice.id}`);
    await ctx.deps.db.execute(sql`update payments set status = 'requires_payment_method' where invoice_id = ${invoice.id}`);
    const retry = (await payWithCard(client, invoice.id).expect(200)).body as TCardPaymentResult;
    expect(retry).toMatchObject({ status: 'succeeded', payment_intent_id: first.payment_intent_id });
    expect(await charges(invoice.id)).toBe(1);
    expect(await invoiceOf(client, invoice.id)).toMatchObject({ status: 'paid', paid_via: 'card' });
  });
});
