/**
 * API keys for integrators: shown once and stored as a hash, `Authorization: Bearer <key>` beside the Token
 * scheme, read/write scopes per resource, expiry and revocation that take effect on the next request, a limit per
 * key (429 with Retry-After), and every use — refused ones too — in the key's audit log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_KEY_MARK, API_KEY_PREFIX_LENGTH, type TApiKey, type TApiKeyCreate, type TApiKeyUse } from '@agency/contract';
import { apiKeys } from '../src/db/schema';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, signUp, type Session } from './support/factories';

let ctx: TestContext;
let admin: Session;
let client: Session;

const RATE_LIMIT = 5;

beforeAll(async () => {
  ctx = await createTestContext({ API_KEY_RATE_PER_MINUTE: String(RATE_LIMIT) });
  admin = await signUp(ctx, { role: 'admin', name: 'Kim Owner' });
  client = await signUp(ctx);
  await createClientViaApi(ctx, admin, { name: 'Keyed Client' });
});
afterAll(async () => {
  await ctx.close();
});

const api = () => ctx.request();
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

async function createKey(over: Partial<TApiKeyCreate> = {}): Promise<{ api_key: TApiKey; key: string }> {
  const body: TApiKeyCreate = { name: 'Zapier', scopes: { clients: 'read' }, expires_in_days: 90, ...over };
  const res = await api().post('/api/api-keys/').set(admin.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { api_key: TApiKey; key: string };
}

async function usesOf(id: number): Promise<TApiKeyUse[]> {
  const res = await api().get(`/api/api-keys/${id}/uses/`).set(admin.auth);
  expect(res.status).toBe(200);
  return res.body.results as TApiKeyUse[];
}

describe('creating and listing keys', () => {
  it('shows the whole key once, keeps only its hash, and lists it by prefix', async () => {
    const { api_key, key } = await createKey({ name: 'Reporting', scopes: { clients: 'read', tasks: 'write' } });
    expect(key.startsWith(API_KEY_MARK)).toBe(true);
    expect(key.length).toBeGreaterThan(40);
    expect(api_key).toMatchObject({
      name: 'Reporting',
      prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
      scopes: { clients: 'read', tasks: 'write' },
      status: 'active',
      created_by_name: 'Kim Owner',
      last_used_at: null,
      revoked_at: null,
    });
    const days = (Date.parse(api_key.expires_at!) - Date.parse(api_key.created_at)) / 86_400_000;
    expect(days).toBeCloseTo(90, 5);

    const [stored] = await ctx.deps.db.select().from(apiKeys).where(eq(apiKeys.id, api_key.id));
    expect(JSON.stringify(stored)).not.toContain(key);
    expect(JSON.stringify(stored)).not.toContain(key.slice(API_KEY_PREFIX_LENGTH));

    const list = await api().get('/api/api-keys/').set(admin.auth);
    expect(list.status).toBe(200);
    const listed = (list.body.results as TApiKey[]).find((k) => k.id === api_key.id);
    expect(listed).toEqual(api_key);
    expect(JSON.stringify(list.body)).not.toContain(key);
  });

  it('rejects empty or unknown scopes and other expiries with field messages', async () => {
    const cases: [unknown, string][] = [
      [{ name: 'x', scopes: {}, expires_in_days: 30 }, 'scopes'],
      [{ name: 'x', scopes: { billing: 'read' }, expires_in_days: 30 }, 'scopes'],
      [{ name: 'x', scopes: { clients: 'admin' }, expires_in_days: 30 }, 'scopes'],
      [{ name: 'x', scopes: { clients: 'read' }, expires_in_days: 7 }, 'expires_in_days'],
      [{ name: ' ', scopes: { clients: 'read' }, expires_in_days: null }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await api().post('/api/api-keys/').set(admin.auth).send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.body.errors).join(' ')).toContain(field);
    }
    const noResource = await api().post('/api/api-keys/').set(admin.auth).send({ name: 'x', scopes: {}, expires_in_days: 30 });
    expect(noResource.body.errors.scopes).toContain('Choose at least one resource');
  });

  it('is for admins only', async () => {
    expect((await api().get('/api/api-keys/').set(client.auth)).status).toBe(403);
    expect((await api().post('/api/api-keys/').set(client.auth).send({ name: 'x', scopes: { clients: 'read' }, expires_in_days: 30 })).status).toBe(403);
  });
});

describe('using a key', () => {
  it('acts as its admin within its scopes: read is GET only, other resources and account routes are refused', async () => {
    const { key } = await createKey({ scopes: { clients: 'read', tasks: 'write' } });
    const clients = await api().get('/api/clients/?search=keyed').set(bearer(key));
    expect(clients.status).toBe(200);
    expect(clients.body.results.map((c: { name: string }) => c.name)).toEqual(['Keyed Client']);

    const write = await api().post('/api/clients/').set(bearer(key)).send({ name: 'Nope', email: 'nope@x.test', company: 'N', monthly_fee: 10 });
    expect(write.status).toBe(403);
    expect(write.body.detail).toBe('This API key has no write access to clients.');

    const task = await api()
      .post('/api/tasks/')
      .set(bearer(key))
      .send({
        title: 'From the integration',
        description: 'Made with an API key',
        client: clients.body.results[0].id,
        assigned_to: 'Kim Owner',
        priority: 'low',
        due_date: '2030-01-01T09:00:00Z',
      });
    expect(task.status, JSON.stringify(task.body)).toBe(201);

    const invoices = await api().get('/api/invoices/').set(bearer(key));
    expect(invoices.status).toBe(403);
    expect(invoices.body.detail).toBe('This API key has no read access to invoices.');

    for (const path of ['/api/auth/me/', '/api/api-keys/', '/api/admin/staff/', '/api/notifications/']) {
      const res = await api().get(path).set(bearer(key));
      expect(res.status, path).toBe(403);
      expect(res.body.detail).toBe('API keys cannot use this route.');
    }
    // A key cannot make keys, sign out or open a socket.
    expect((await api().post('/api/api-keys/').set(bearer(key)).send({ name: 'x', scopes: { tasks: 'write' }, expires_in_days: null })).status).toBe(403);
    expect((await api().post('/api/auth/logout/').set(bearer(key))).status).toBe(403);
    expect((await api().post('/api/auth/ws-ticket/').set(bearer(key))).status).toBe(403);
  });

  it('refuses unknown, malformed, revoked and expired keys with 401', async () => {
    const unknown = await api().get('/api/clients/').set(bearer(`${API_KEY_MARK}${'x'.repeat(43)}`));
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe('Invalid, expired or revoked API key.');
    expect((await api().get('/api/clients/').set({ Authorization: 'Bearer not-a-key' })).status).toBe(401);
    // A sign-in token is not a Bearer key, and a key is not a Token.
    expect((await api().get('/api/clients/').set({ Authorization: `Bearer ${admin.token}` })).status).toBe(401);

    const revoked = await createKey();
    expect((await api().get('/api/clients/').set(bearer(revoked.key))).status).toBe(200);
    const first = await api().post(`/api/api-keys/${revoked.api_key.id}/revoke/`).set(admin.auth);
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('revoked');
    expect((await api().get('/api/clients/').set(bearer(revoked.key))).status).toBe(401);
    const again = await api().post(`/api/api-keys/${revoked.api_key.id}/revoke/`).set(admin.auth);
    expect(again.body.revoked_at).toBe(first.body.revoked_at);
    // The refused use of the revoked key is in its log.
    await vi.waitFor(async () => expect((await usesOf(revoked.api_key.id)).map((u) => u.status)).toEqual([401, 200]));

    const expiring = await createKey({ expires_in_days: 30 });
    await ctx.deps.db.update(apiKeys).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(apiKeys.id, expiring.api_key.id));
    expect((await api().get('/api/clients/').set(bearer(expiring.key))).status).toBe(401);

    // Revoked and expired keys leave the list unless asked for.
    const live = (await api().get('/api/api-keys/').set(admin.auth)).body.results as TApiKey[];
    expect(live.map((k) => k.id)).not.toContain(revoked.api_key.id);
    expect(live.map((k) => k.id)).not.toContain(expiring.api_key.id);
    const all = (await api().get('/api/api-keys/?include_revoked=true').set(admin.auth)).body.results as TApiKey[];
    expect(all.find((k) => k.id === revoked.api_key.id)?.status).toBe('revoked');
    expect(all.find((k) => k.id === expiring.api_key.id)?.status).toBe('expired');
    expect((await api().post('/api/api-keys/999999/revoke/').set(admin.auth)).status).toBe(404);
  });

  it(`allows ${RATE_LIMIT} requests a minute per key, then answers 429 with Retry-After`, async () => {
    const busy = await createKey();
    const other = await createKey();
    for (let i = 0; i < RATE_LIMIT; i++) expect((await api().get('/api/clients/').set(bearer(busy.key))).status).toBe(200);
    const limited = await api().get('/api/clients/').set(bearer(busy.key));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.code).toBe('rate_limited');
    // Per key: another key, and the admin's own session, are not held back.
    expect((await api().get('/api/clients/').set(bearer(other.key))).status).toBe(200);
    expect((await api().get('/api/clients/').set(admin.auth)).status).toBe(200);
  });

  it('logs every use, refused ones too, without the query string, and moves last used', async () => {
    const { api_key, key } = await createKey();
    await api().get('/api/clients/?search=private-term').set(bearer(key)).expect(200);
    await api().get('/api/invoices/').set(bearer(key)).expect(403);
    await vi.waitFor(async () => expect(await usesOf(api_key.id)).toHaveLength(2));
    const uses = await usesOf(api_key.id);
    expect(uses.map((u) => [u.method, u.path, u.status])).toEqual([
      ['GET', '/api/invoices/', 403],
      ['GET', '/api/clients/', 200],
    ]);
    expect(JSON.stringify(uses)).not.toContain('private-term');
    const listed = ((await api().get('/api/api-keys/').set(admin.auth)).body.results as TApiKey[]).find((k) => k.id === api_key.id);
    expect(listed?.last_used_at).not.toBeNull();
    expect((await api().get('/api/api-keys/999999/uses/').set(admin.auth)).status).toBe(404);
  });
});
