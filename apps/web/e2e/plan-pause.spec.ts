import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Pause and resume (issue 27: the pricing FAQ promises "pause your subscription at any time"): the client pauses from
 * Billing, every screen then expects no payment, and the agency's record of the client says paused; resuming brings
 * the renewal back everywhere.
 */

async function subscribeThroughApi(request: APIRequestContext, token: string) {
  const headers = { authorization: `Token ${token}`, connection: 'close' };
  const started = await request.post('/api/billing/create-subscription/', { headers, data: { price_id: 'price_starter_monthly', plan_name: 'Starter' } });
  expect(started.status()).toBe(201);
  const { payment_intent_id } = (await started.json()) as { payment_intent_id: string };
  const paid = await request.post('/api/billing/confirm-payment/', {
    headers,
    data: { payment_intent_id, card_number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
  });
  expect(((await paid.json()) as { status: string }).status).toBe('succeeded');
}

test('a client pauses the plan: Billing, the overview and the agency agree there is no next payment; resuming brings it back', async ({
  clientPage: page,
  request,
  clientLogin,
  api,
}) => {
  await subscribeThroughApi(request, clientLogin.token);
  await page.goto('/dashboard#billing');
  const nextPayment = page.getByRole('region', { name: 'Billing summary' }).locator('div.rounded-xl', { hasText: 'Next Payment' });
  await expect(nextPayment).toContainText('$100.00');

  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.getByRole('button', { name: 'Pause plan' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pause your plan?' });
  await expect(dialog).toContainText('nothing is charged while it is paused');
  await dialog.getByRole('button', { name: 'Pause plan' }).click();

  await expect(page.getByText('Monthly, paused')).toBeVisible();
  await expect(page.getByText('None while paused')).toBeVisible();
  await expect(nextPayment).toContainText('Plan paused: nothing is charged');
  await expect(nextPayment).toContainText('—');
  const paused = await api.get<{ status: string; next_payment: string | null; plan_name: string | null }>(`/api/clients/${clientLogin.clientId}/`);
  expect(paused).toMatchObject({ status: 'paused', next_payment: null, plan_name: 'Starter' });

  await page.goto('/dashboard#overview');
  await expect(page.getByText('Total Followers').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Next Payment Due' })).toHaveCount(0);

  await page.goto('/dashboard#billing');
  await page.getByRole('tab', { name: 'Subscription' }).click();
  await page.getByRole('button', { name: 'Resume plan' }).click();
  await page.getByRole('dialog', { name: 'Resume your plan?' }).getByRole('button', { name: 'Resume plan' }).click();
  await expect(page.getByText('Monthly, renews automatically')).toBeVisible();
  await expect(nextPayment).toContainText('$100.00');
  const resumed = await api.get<{ status: string; next_payment: string | null }>(`/api/clients/${clientLogin.clientId}/`);
  expect(resumed.status).toBe('active');
  expect(resumed.next_payment).not.toBeNull();
});
