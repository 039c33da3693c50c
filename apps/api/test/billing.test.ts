import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp } from './support/factories';

describe('billing configuration and plans (public)', () => {
  let sandbox: TestContext;
  let stripe: TestContext;
  beforeAll(async () => {
    [sandbox, stripe] = await Promise.all([
      createTestContext(),
      createTestContext({ STRIPE_SECRET_KEY: 'sk_test_configured', STRIPE_PUBLISHABLE_KEY: 'pk_test_configured' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([sandbox?.close(), stripe?.close()]);
  });

  it('without Stripe keys the built-in sandbox takes payments and no key is handed out', async () => {
    const res = await sandbox.request().get('/api/billing/config/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ provider: 'sandbox', publishable_key: null });
  });

  it('with Stripe keys the browser gets the publishable key, never the secret one', async () => {
    const res = await stripe.request().get('/api/billing/config/');
    expect(res.body).toEqual({ provider: 'stripe', publishable_key: 'pk_test_configured' });
    expect(res.text).not.toContain('sk_test_configured');
  });

  it("lists the catalogue's plans, each platform's own, with Instagram's Starter, Pro (popular) and Premium and their old prices", async () => {
    const res = await sandbox.request().get('/api/billing/plans/');
    expect(res.status).toBe(200);
    const rows = res.body.results.map((p: { platform: string; name: string; price: number; originalPrice: number | null; popular: boolean }) => [
      p.platform,
      p.name,
      p.price,
      p.originalPrice,
      p.popular,
    ]);
    expect(rows.filter((r: unknown[]) => r[0] === 'instagram')).toEqual([
      ['instagram', 'Starter', 100, 150, false],
      ['instagram', 'Pro', 250, 350, true],
      ['instagram', 'Premium', 400, 600, false],
    ]);
    expect(rows.filter((r: unknown[]) => r[0] === 'tiktok').map((r: unknown[]) => r[1])).toEqual(['Viral Starter', 'Viral Growth', 'Viral Pro']);
    expect(rows.filter((r: unknown[]) => r[0] === 'youtube').map((r: unknown[]) => r[1])).toEqual(['Creator Starter', 'Creator Growth', 'Creator Pro']);
    expect(res.body.results[0].features).toContain('Hashtag research');
  });

  it('the admin billing settings name the same provider', async () => {
    const admin = await signUp(stripe, { role: 'admin' });
    const res = await stripe.request().get('/api/admin/billing-settings/').set(admin.auth);
    expect(res.body).toMatchObject({ payment_provider: 'stripe', stripe_account_connected: true });
  });
});
