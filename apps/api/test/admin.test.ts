import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, createInvoiceViaApi, signUp, type Session } from './support/factories';

let ctx: TestContext;
let admin: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin', name: 'Dana Staff' });
});
afterAll(async () => {
  await ctx.close();
});

describe('billing settings', () => {
  it('reports this month\'s collected revenue, pending payments and the sandbox provider', async () => {
    const client = await createClientViaApi(ctx, admin);
    const paid = await createInvoiceViaApi(ctx, admin, client.id, { amount: 1200.5 });
    await createInvoiceViaApi(ctx, admin, client.id, { amount: 300.25 });
    await createInvoiceViaApi(ctx, admin, client.id, { amount: 99.75 });
    expect((await ctx.request().post(`/api/invoices/${paid.id}/mark_paid/`).set(admin.auth)).status).toBe(200);

    const res = await ctx.request().get('/api/admin/billing-settings/').set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_revenue_this_month: 1200.5,
      pending_payments: 400,
      stripe_account_connected: false,
      payment_provider: 'sandbox',
      stripe_mode: null,
      publishable_key_configured: false,
      webhook_secret_configured: false,
      webhook_url: null,
    });
  });

  it('says Stripe is connected when its keys are configured, in which mode, and where its webhook must point', async () => {
    const stripe = await createTestContext({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
      PUBLIC_URL: 'https://portal.example.com/',
    });
    try {
      const a = await signUp(stripe, { role: 'admin' });
      const res = await stripe.request().get('/api/admin/billing-settings/').set(a.auth);
      expect(res.body).toMatchObject({
        stripe_account_connected: true,
        payment_provider: 'stripe',
        stripe_mode: 'test',
        publishable_key_configured: true,
        webhook_secret_configured: false,
        webhook_url: 'https://portal.example.com/api/billing/webhook/',
      });
      expect(res.text).not.toContain('sk_test_123');
    } finally {
      await stripe.close();
    }
  });
});

describe('staff list', () => {
  it('lists the agency\'s admins, not clients', async () => {
    await signUp(ctx, { name: 'Casey Client' });
    const res = await ctx.request().get('/api/admin/staff/').set(admin.auth);
    expect(res.status).toBe(200);
    const names = res.body.results.map((m: { name: string }) => m.name);
    expect(names).toContain('Dana Staff');
    expect(names).not.toContain('Casey Client');
    expect(res.body.results[0]).toMatchObject({ role: expect.any(String), status: expect.stringMatching(/^(online|away|offline)$/) });
  });
});
