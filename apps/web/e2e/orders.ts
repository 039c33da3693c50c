import type { TIntakeForm, TIntakeSubmit, TOrder } from '@agency/contract';
import { expect, type AgencyApi, type TClientSession } from './fixtures';

/** The client orders a package and pays it with 4242 in the sandbox (the calls checkout makes). */
export async function placePaidOrder(api: AgencyApi, client: TClientSession, target: string): Promise<TOrder> {
  const asClient = api.as(client);
  const order = await asClient.post<TOrder>('/api/orders/', { lines: [{ package_id: 'ig-starter', quantity: 1, target }] });
  const intent = await asClient.post<{ payment_intent_id: string }>('/api/billing/create-payment-intent/', { order_id: order.id }, 200);
  const paid = await asClient.post<{ status: string }>(
    '/api/billing/confirm-payment/',
    { payment_intent_id: intent.payment_intent_id, card_number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    200,
  );
  expect(paid.status).toBe('succeeded');
  return asClient.get<TOrder>(`/api/orders/${order.id}/`);
}

/** The client sends the intake form of a paid order through the API (what the intake dialog sends). */
export async function submitIntakeThroughApi(api: AgencyApi, client: TClientSession, order: TOrder, answers: Partial<TIntakeSubmit> = {}): Promise<TIntakeForm> {
  expect(order.intake, `order #${order.id} asks for an intake form`).not.toBeNull();
  const body: TIntakeSubmit = {
    handle: order.lines[0]?.target ?? '@e2e',
    goals: 'Grow the account before the launch',
    audience: 'People who follow the brand',
    competitors: [],
    assets: [],
    ...answers,
  };
  return api.as(client).post<TIntakeForm>(`/api/intake-forms/${order.intake!.id}/submit/`, body, 200);
}

/** A 1×1 PNG (the API checks an upload's content, so it must be a real image). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
