/**
 * Outbound webhooks against a local stand-in receiver: registration refuses non-https and private addresses (also
 * after DNS), each delivery is a POST signed with the endpoint's secret (shown once), failures are retried by the job
 * queue and a delivery that keeps failing turns the endpoint off and tells its admin; the delivery log, redelivery
 * and the test ping.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { WEBHOOK_SECRET_MARK, type TWebhookDelivery, type TWebhookEndpoint } from '@agency/contract';
import { emailOutbox, notifications, webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { INTEGRATION_LOGS_KEPT_DAYS, pruneExpiredRows } from '../src/jobs/prune';
import { sendWebhook, signatureHeader } from '../src/integrations/webhooks/sender';
import { WEBHOOK_VERIFY_SNIPPET } from '../src/http/integrations-guide';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, createInvoiceViaApi, signUp, type Session } from './support/factories';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let ctx: TestContext;
let admin: Session;
let receiver: Server;
let base: string;
const received: Received[] = [];
/** What the receiver answers to the n-th request of a path (from 0). */
let answer: (path: string, nth: number) => number = () => 200;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const path = req.url ?? '';
      const nth = received.filter((r) => r.path === path).length;
      received.push({ path, headers: req.headers, body });
      const status = answer(path, nth);
      res.writeHead(status, status === 302 ? { Location: 'http://169.254.169.254/' } : {}).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  ctx = await createTestContext({ WEBHOOK_ALLOWED_PRIVATE_HOSTS: `127.0.0.1:${port}`, WEBHOOK_TIMEOUT_MS: '2000' }, { runJobs: true });
  admin = await signUp(ctx, { role: 'admin', name: 'Hook Owner' });
});
afterAll(async () => {
  await ctx?.close();
  receiver?.close();
});
beforeEach(() => {
  answer = () => 200;
});

const api = () => ctx.request();

async function register(path: string, events: string[]): Promise<{ endpoint: TWebhookEndpoint; secret: string }> {
  const res = await api().post('/api/webhooks/').set(admin.auth).send({ url: `${base}${path}`, events });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { endpoint: TWebhookEndpoint; secret: string };
}

async function deliveries(endpointId: number): Promise<TWebhookDelivery[]> {
  const res = await api().get(`/api/webhooks/${endpointId}/deliveries/`).set(admin.auth);
  expect(res.status).toBe(200);
  return res.body.results as TWebhookDelivery[];
}

const receivedAt = (path: string) => received.filter((r) => r.path === path);

/** The check the API reference shows receivers, run as they would copy it. */
const verifyAgencySignature = new Function('require', `${WEBHOOK_VERIFY_SNIPPET}\nreturn verifyAgencySignature;`)(createRequire(import.meta.url)) as (
  rawBody: string,
  header: string,
  secret: string,
) => boolean;
const verify = (secret: string, header: string, body: string) => verifyAgencySignature(body, header, secret);

describe('registering an endpoint', () => {
  it('refuses non-https URLs, credentials and every private, loopback or link-local address, also after DNS', async () => {
    const refused: [string, string][] = [
      ['http://93.184.216.34/hook', 'The URL must start with https://'],
      ['https://user:pw@93.184.216.34/hook', 'user name or password'],
      ['https://127.0.0.1/hook', 'private, loopback or link-local'],
      ['https://10.1.2.3/hook', 'private, loopback or link-local'],
      ['https://192.168.0.10/hook', 'private, loopback or link-local'],
      ['https://169.254.169.254/latest/meta-data', 'private, loopback or link-local'],
      ['https://[::1]/hook', 'private, loopback or link-local'],
      ['https://[::ffff:127.0.0.1]/hook', 'private, loopback or link-local'],
      ['https://[fd00::1]/hook', 'private, loopback or link-local'],
      ['https://0x7f000001/hook', 'private, loopback or link-local'],
      ['https://100.64.0.1/hook', 'private, loopback or link-local'],
      // A name that resolves to loopback is refused after the lookup.
      ['https://localhost/hook', 'resolves to a private'],
      ['https://no-such-host.invalid/hook', 'could not be found'],
      // The allowed stand-in is allowed only on its own port.
      ['http://127.0.0.1:1/hook', 'The URL must start with https://'],
    ];
    for (const [url, message] of refused) {
      const res = await api().post('/api/webhooks/').set(admin.auth).send({ url, events: ['invoice.paid'] });
      expect(res.status, url).toBe(400);
      expect(res.body.errors.url.join(' '), url).toContain(message);
    }
    const noEvents = await api().post('/api/webhooks/').set(admin.auth).send({ url: 'https://93.184.216.34/', events: [] });
    expect(noEvents.body.errors.events).toContain('Choose at least one event');
    const unknown = await api().post('/api/webhooks/').set(admin.auth).send({ url: 'https://93.184.216.34/', events: ['user.deleted'] });
    expect(unknown.status).toBe(400);
  });

  it('shows the signing secret once and keeps it encrypted', async () => {
    const { endpoint, secret } = await register('/secret', ['client.created']);
    expect(secret.startsWith(WEBHOOK_SECRET_MARK)).toBe(true);
    const [row] = await ctx.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(JSON.stringify(row)).not.toContain(secret.slice(WEBHOOK_SECRET_MARK.length));
    const list = await api().get('/api/webhooks/').set(admin.auth);
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect((list.body.results as TWebhookEndpoint[]).find((e) => e.id === endpoint.id)).toMatchObject({ enabled: true, events: ['client.created'] });
  });
});

describe('deliveries', () => {
  it('POSTs a signed event to the endpoints that take it, and logs the answer', async () => {
    const { endpoint, secret } = await register('/clients', ['client.created']);
    const other = await register('/invoices-only', ['invoice.paid']);
    await createClientViaApi(ctx, admin, { name: 'Hooked Bakery' });

    await vi.waitFor(() => expect(receivedAt('/clients')).toHaveLength(1), { timeout: 10_000, interval: 100 });
    const [hit] = receivedAt('/clients');
    expect(hit!.headers['content-type']).toBe('application/json');
    expect(hit!.headers['agency-event']).toBe('client.created');
    expect(verify(secret, String(hit!.headers['agency-signature']), hit!.body)).toBe(true);
    expect(verify(other.secret, String(hit!.headers['agency-signature']), hit!.body)).toBe(false);
    const event = JSON.parse(hit!.body);
    expect(event).toMatchObject({ type: 'client.created', data: { client: { name: 'Hooked Bakery' } } });
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);

    await vi.waitFor(async () => expect((await deliveries(endpoint.id))[0]?.status).toBe('succeeded'), { timeout: 5000 });
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ event_id: event.id, event_type: 'client.created', attempts: 1, response_status: 200, last_error: null });
    // The endpoint for invoices only got nothing.
    expect(receivedAt('/invoices-only')).toHaveLength(0);
    expect(await deliveries(other.endpoint.id)).toEqual([]);
  });

  it('sends invoice.paid with the invoice', async () => {
    const { endpoint } = await register('/paid', ['invoice.paid']);
    const client = await createClientViaApi(ctx, admin, { name: 'Paying Client' });
    const invoice = await createInvoiceViaApi(ctx, admin, client.id);
    await api().post(`/api/invoices/${invoice.id}/mark_paid/`).set(admin.auth).expect(200);
    await vi.waitFor(() => expect(receivedAt('/paid')).toHaveLength(1), { timeout: 10_000, interval: 100 });
    expect(JSON.parse(receivedAt('/paid')[0]!.body).data.invoice).toMatchObject({ id: invoice.id, client_name: 'Paying Client' });
    expect((await deliveries(endpoint.id))[0]?.event_type).toBe('invoice.paid');
  });

  it("sends message.received for a client's message to the agency, not for the agency's own", async () => {
    const { endpoint } = await register('/messages', ['message.received']);
    const writer = await signUp(ctx, { name: 'Chatty Client' });
    await api().post('/api/messages/send-to-admin/').set(writer.auth).send({ content: 'Hello team' }).expect(201);
    await api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: writer.user.client_id, content: 'Hello back' }).expect(201);
    await vi.waitFor(() => expect(receivedAt('/messages')).toHaveLength(1), { timeout: 10_000, interval: 100 });
    expect(JSON.parse(receivedAt('/messages')[0]!.body).data.message).toMatchObject({ client_id: writer.user.client_id, preview: 'Hello team' });
    // The agency's own message is not one it received: still one delivery after the other was dispatched.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await deliveries(endpoint.id)).toHaveLength(1);
  });

  it('retries a failed attempt and records the success', async () => {
    answer = (_path, nth) => (nth === 0 ? 503 : 200);
    const { endpoint } = await register('/flaky', ['client.created']);
    await createClientViaApi(ctx, admin, { name: 'Retried Client' });
    await vi.waitFor(async () => expect((await deliveries(endpoint.id))[0]?.status).toBe('succeeded'), { timeout: 15_000, interval: 200 });
    const [logged] = await deliveries(endpoint.id);
    expect(logged).toMatchObject({ attempts: 2, response_status: 200 });
    const bodies = receivedAt('/flaky').map((r) => r.body);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toBe(bodies[0]);
  });

  it('turns an endpoint off when a delivery fails every attempt, tells its admin, and redelivers after it is back on', async () => {
    answer = (path) => (path === '/down' ? 500 : 200);
    const { endpoint } = await register('/down', ['client.created']);
    await createClientViaApi(ctx, admin, { name: 'Unheard Client' });
    await vi.waitFor(async () => expect((await deliveries(endpoint.id))[0]?.status).toBe('failed'), { timeout: 20_000, interval: 200 });
    const [failed] = await deliveries(endpoint.id);
    // The test queue retries twice: three attempts in all.
    expect(failed).toMatchObject({ attempts: 3, response_status: 500, last_error: 'The endpoint answered 500.' });
    const off = (await api().get('/api/webhooks/').set(admin.auth)).body.results.find((e: TWebhookEndpoint) => e.id === endpoint.id);
    expect(off).toMatchObject({ enabled: false, last_delivery_status: 'failed' });
    expect(off.disabled_reason).toContain('The endpoint answered 500.');

    await vi.waitFor(async () => {
      const mails = await ctx.deps.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'webhook_disabled'));
      expect(mails.map((m) => m.toAddress)).toContain(admin.user.email);
    });
    const told = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(told.map((n) => n.title)).toContain('Webhook endpoint turned off');

    // While it is off, a redelivery is refused (it could only fail); back on, the failed delivery is sent again
    // with the same event id.
    const whileOff = await api().post(`/api/webhooks/deliveries/${failed!.id}/redeliver/`).set(admin.auth);
    expect(whileOff.status).toBe(409);
    expect(whileOff.body.detail).toBe('This endpoint is turned off. Turn it back on to send deliveries to it again.');
    answer = () => 200;
    await api().patch(`/api/webhooks/${endpoint.id}/`).set(admin.auth).send({ enabled: true }).expect(200);
    const again = await api().post(`/api/webhooks/deliveries/${failed!.id}/redeliver/`).set(admin.auth);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ event_id: failed!.event_id, status: 'pending', attempts: 0 });
    await vi.waitFor(async () => expect((await deliveries(endpoint.id))[0]?.status).toBe('succeeded'), { timeout: 10_000, interval: 200 });
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => d.status)).toEqual(['succeeded', 'failed']);
    const filtered = await api().get(`/api/webhooks/${endpoint.id}/deliveries/?status=failed`).set(admin.auth);
    expect(filtered.body.results.map((d: TWebhookDelivery) => d.id)).toEqual([failed!.id]);
  });

  it('sends a test ping on demand, and does not follow redirects', async () => {
    const { endpoint } = await register('/ping', ['order.paid']);
    const ping = await api().post(`/api/webhooks/${endpoint.id}/test/`).set(admin.auth);
    expect(ping.status).toBe(201);
    await vi.waitFor(() => expect(receivedAt('/ping')).toHaveLength(1), { timeout: 10_000, interval: 100 });
    expect(JSON.parse(receivedAt('/ping')[0]!.body)).toMatchObject({ type: 'ping', data: { endpoint_id: endpoint.id } });

    const moved = await register('/moved', ['order.paid']);
    answer = (path) => (path === '/moved' ? 302 : 200);
    await api().post(`/api/webhooks/${moved.endpoint.id}/test/`).set(admin.auth).expect(201);
    await vi.waitFor(async () => expect((await deliveries(moved.endpoint.id))[0]?.response_status).toBe(302), { timeout: 10_000, interval: 100 });
    expect(received.filter((r) => r.path === '/latest/meta-data')).toHaveLength(0);
  });

  it('edits, deletes, and answers 404 for unknown endpoints and deliveries', async () => {
    const { endpoint } = await register('/edited', ['order.paid']);
    const edited = await api().patch(`/api/webhooks/${endpoint.id}/`).set(admin.auth).send({ events: ['order.paid', 'order.completed'], description: 'Fulfilment' });
    expect(edited.body).toMatchObject({ events: ['order.paid', 'order.completed'], description: 'Fulfilment' });
    const badUrl = await api().patch(`/api/webhooks/${endpoint.id}/`).set(admin.auth).send({ url: 'https://10.0.0.1/' });
    expect(badUrl.status).toBe(400);
    await api().delete(`/api/webhooks/${endpoint.id}/`).set(admin.auth).expect(204);
    expect((await api().get(`/api/webhooks/${endpoint.id}/deliveries/`).set(admin.auth)).status).toBe(404);
    expect((await api().delete(`/api/webhooks/${endpoint.id}/`).set(admin.auth)).status).toBe(404);
    expect((await api().post('/api/webhooks/deliveries/999999/redeliver/').set(admin.auth)).status).toBe(404);
  });
});

describe('housekeeping', () => {
  it('prunes finished deliveries after 90 days and keeps those still being retried', async () => {
    const { endpoint } = await register('/old', ['order.paid']);
    const old = new Date(Date.now() - (INTEGRATION_LOGS_KEPT_DAYS + 1) * 86_400_000);
    const row = (status: 'succeeded' | 'pending') => ({ endpointId: endpoint.id, eventId: randomUUID(), eventType: 'order.paid', body: '{}', status, createdAt: old });
    await ctx.deps.db.insert(webhookDeliveries).values([row('succeeded'), row('pending')]);
    const pruned = await pruneExpiredRows(ctx.deps);
    expect(pruned.webhook_deliveries).toBe(1);
    expect((await deliveries(endpoint.id)).map((d) => d.status)).toEqual(['pending']);
  });
});

describe('the reference', () => {
  it('documents API keys and webhooks, with a signature check that refuses a changed body, another secret or an old delivery', async () => {
    const docs = await api().get('/api/docs/');
    expect(docs.text).toContain('Authorization: Bearer &lt;key&gt;');
    expect(docs.text).toContain('verifyAgencySignature');
    const now = Math.floor(Date.now() / 1000);
    const header = signatureHeader('whsec_a', now, '{"a":1}');
    expect(verify('whsec_a', header, '{"a":1}')).toBe(true);
    expect(verify('whsec_a', header, '{"a":2}')).toBe(false);
    expect(verify('whsec_b', header, '{"a":1}')).toBe(false);
    expect(verify('whsec_a', signatureHeader('whsec_a', now - 3600, '{"a":1}'), '{"a":1}')).toBe(false);
    expect(verify('whsec_a', 'garbage', '{"a":1}')).toBe(false);
  });
});

describe('the sender itself', () => {
  it('does not connect to a host that resolves to a private address at delivery time', async () => {
    const before = received.length;
    const { port } = receiver.address() as AddressInfo;
    const attempt = await sendWebhook(
      { url: `https://localhost:${port}/rebound`, secret: 's', body: '{}', eventType: 'ping', deliveryId: 1, timestamp: 1 },
      { timeoutMs: 2000, allowedPrivateHosts: [] },
    );
    expect(attempt.status).toBeNull();
    expect(attempt.error).toContain('private or reserved address');
    expect(received.length).toBe(before);
  });
});
