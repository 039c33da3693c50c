import { randomBytes } from 'node:crypto';
import type { TAuthResponse } from '@agency/contract';
import type { TestContext } from './test-app';
import { TEST_ADMIN_CODE } from './test-app';

export interface Session extends TAuthResponse {
  auth: { Authorization: string };
  password: string;
}

let counter = 0;
export function uniqueEmail(prefix = 'user') {
  counter += 1;
  return `${prefix}.${counter}.${randomBytes(3).toString('hex')}@example.test`;
}

/** Signs up through the API (the same path a user takes) and returns the token as a header. */
export async function signUp(
  ctx: TestContext,
  overrides: Partial<{ email: string; password: string; name: string; role: 'admin' | 'client'; company: string; admin_code: string }> = {},
): Promise<Session> {
  const role = overrides.role ?? 'client';
  const body = {
    email: overrides.email ?? uniqueEmail(role),
    password: overrides.password ?? 'Passw0rd!long',
    name: overrides.name ?? (role === 'admin' ? 'Alex Staff' : 'Casey Client'),
    role,
    company: overrides.company ?? 'Acme Co',
    ...(role === 'admin' ? { admin_code: overrides.admin_code ?? TEST_ADMIN_CODE } : {}),
  };
  const res = await ctx.request().post('/api/auth/register/').send(body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const session = res.body as TAuthResponse;
  return { ...session, password: body.password, auth: { Authorization: `Token ${session.token}` } };
}

/** Adds a client through the admin API (POST /api/clients/); returns the created client. */
export async function createClientViaApi(
  ctx: TestContext,
  admin: Session,
  overrides: Record<string, unknown> = {},
): Promise<import('@agency/contract').TClient> {
  const body = {
    name: 'Taylor Brand',
    email: uniqueEmail('brand'),
    company: 'Brand Co',
    monthly_fee: 1500,
    ...overrides,
  };
  const res = await ctx.request().post('/api/clients/').set(admin.auth).send(body);
  if (res.status !== 201) throw new Error(`create client failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Creates an invoice through the admin API (POST /api/invoices/); returns the created invoice. */
export async function createInvoiceViaApi(
  ctx: TestContext,
  admin: Session,
  clientId: number,
  overrides: Record<string, unknown> = {},
): Promise<import('@agency/contract').TInvoice> {
  const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const body = { client: clientId, amount: 250, due_date: due, description: 'Monthly management', ...overrides };
  const res = await ctx.request().post('/api/invoices/').set(admin.auth).send(body);
  if (res.status !== 201) throw new Error(`create invoice failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Archives a client through the admin API (DELETE /api/clients/:id/). */
export async function archiveClientViaApi(ctx: TestContext, admin: Session, clientId: number): Promise<void> {
  const res = await ctx.request().delete(`/api/clients/${clientId}/`).set(admin.auth);
  if (res.status !== 204) throw new Error(`archive client failed: ${res.status} ${JSON.stringify(res.body)}`);
}
