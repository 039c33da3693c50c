import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TLead } from '@agency/contract';
import { notifications } from '../src/db/schema';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, signUp, type Session } from './support/factories';

let ctx: TestContext;
let admin: Session;
let otherAdmin: Session;
let client: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin' });
  otherAdmin = await signUp(ctx, { role: 'admin', name: 'Other Admin' });
  client = await signUp(ctx);
});
afterAll(async () => {
  await ctx.close();
});

const api = () => ctx.request();

const contact = (over: Record<string, unknown> = {}) => ({
  name: 'Robin Visitor',
  email: 'robin@visitor.test',
  company: 'Robin Records',
  subject: 'Growth plan',
  message: 'We would like to grow our Instagram.',
  inquiryType: 'sales',
  ...over,
});

async function submit(over: Record<string, unknown> = {}) {
  const res = await api().post('/api/contact/').send(contact(over));
  expect(res.status).toBe(201);
  return res;
}

async function leadByEmail(email: string): Promise<TLead> {
  const res = await api().get(`/api/leads/?search=${encodeURIComponent(email)}`).set(admin.auth);
  expect(res.body.count).toBe(1);
  return res.body.results[0];
}

describe('POST /api/contact/ (public)', () => {
  it('stores the lead, thanks the visitor and notifies every admin', async () => {
    const res = await submit({ email: 'Robin@Visitor.TEST' });
    expect(res.body).toEqual({ detail: "Thank you for your message! We'll get back to you soon." });

    const lead = await leadByEmail('robin@visitor.test');
    expect(lead).toEqual({
      id: expect.any(Number),
      name: 'Robin Visitor',
      email: 'robin@visitor.test',
      company: 'Robin Records',
      subject: 'Growth plan',
      message: 'We would like to grow our Instagram.',
      inquiryType: 'sales',
      status: 'new',
      client: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const stored = await ctx.deps.db
      .select({ userId: notifications.userId, title: notifications.title, type: notifications.type, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.title, 'New lead from Robin Visitor'));
    expect(stored.map((n) => n.userId).sort()).toEqual([admin.user.id, otherAdmin.user.id].sort());
    expect(stored[0]).toMatchObject({ type: 'info', link: '?tab=leads#clients' });

    for (const who of [admin, otherAdmin]) {
      const notes = await api().get('/api/notifications/').set(who.auth);
      if (notes.status === 501) continue; // the notifications routes belong to another section
      const items = (notes.body.results ?? notes.body) as { title: string; type: string }[];
      expect(items).toEqual(expect.arrayContaining([expect.objectContaining({ title: 'New lead from Robin Visitor', type: 'info' })]));
    }
    const clientNotes = await api().get('/api/notifications/').set(client.auth);
    if (clientNotes.status === 200) {
      const items = (clientNotes.body.results ?? clientNotes.body) as { title: string }[];
      expect(items.some((n) => n.title.startsWith('New lead'))).toBe(false);
    }
  });

  it('defaults company and inquiry type, and works with a token too', async () => {
    await api()
      .post('/api/contact/')
      .set(client.auth)
      .send({ name: 'Min Imal', email: 'min@imal.test', subject: 'Hi', message: 'Hello' })
      .expect(201);
    const lead = await leadByEmail('min@imal.test');
    expect(lead).toMatchObject({ company: '', inquiryType: 'general', status: 'new' });
  });

  it('answers a filled honeypot (website) with the same thanks but stores and announces nothing', async () => {
    const res = await submit({ email: 'bot@spam.test', name: 'Spam Bot', website: 'http://spam.test' });
    expect(res.body).toEqual({ detail: "Thank you for your message! We'll get back to you soon." });
    const found = await api().get('/api/leads/?search=bot%40spam.test').set(admin.auth);
    expect(found.body.count).toBe(0);
    const stored = await ctx.deps.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.title, 'New lead from Spam Bot'));
    expect(stored).toEqual([]);
  });

  it('stores a submission whose honeypot is empty', async () => {
    await submit({ email: 'human@visitor.test', website: '' });
    expect((await leadByEmail('human@visitor.test')).email).toBe('human@visitor.test');
  });

  it('validates with the form messages', async () => {
    const empty = await api().post('/api/contact/').send({});
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('validation_error');
    expect(empty.body.errors).toMatchObject({
      name: ['Name is required'],
      email: ['Email is required'],
      subject: ['Subject is required'],
      message: ['Message is required'],
    });
    const bad = await api()
      .post('/api/contact/')
      .send(contact({ email: 'nope', inquiryType: 'spam', message: '   ' }));
    expect(bad.status).toBe(400);
    expect(bad.body.errors.email).toEqual(['Please enter a valid email address']);
    expect(bad.body.errors.inquiryType).toBeDefined();
    expect(bad.body.errors.message).toEqual(['Message is required']);
  });
});

describe('GET /api/leads/', () => {
  let ctx2: TestContext;
  let admin2: Session;
  beforeAll(async () => {
    ctx2 = await createTestContext();
    admin2 = await signUp(ctx2, { role: 'admin' });
    const leads = [
      { name: 'Ann Apple', email: 'ann@apple.test', company: 'Orchard', subject: 'Pricing', message: 'How much?', inquiryType: 'sales' },
      { name: 'ben Banana', email: 'ben@b.test', company: 'Tropic', subject: 'Help', message: 'Account broken', inquiryType: 'support' },
      { name: 'Cat Cherry', email: 'cat@c.test', company: 'Stone Fruit', subject: 'Partner up', message: 'Orchard collab?', inquiryType: 'partnership' },
    ];
    for (const l of leads) await ctx2.request().post('/api/contact/').send(l).expect(201);
  });
  afterAll(async () => {
    await ctx2.close();
  });
  const list = (q: string) => ctx2.request().get(`/api/leads/${q}`).set(admin2.auth);
  const names = (body: { results: TLead[] }) => body.results.map((l) => l.name);

  it('lists newest first, searching every text field case-insensitively', async () => {
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body.count).toBe(3);
    expect(names(all.body)).toEqual(['Cat Cherry', 'ben Banana', 'Ann Apple']);
    expect(names((await list('?search=ORCHARD&ordering=name')).body)).toEqual(['Ann Apple', 'Cat Cherry']);
    expect(names((await list('?search=broken')).body)).toEqual(['ben Banana']);
    expect(names((await list('?search=partner')).body)).toEqual(['Cat Cherry']);
  });

  it('filters by status and inquiry type, orders and paginates', async () => {
    const ben = (await list('?search=ben')).body.results[0] as TLead;
    await ctx2.request().patch(`/api/leads/${ben.id}/`).set(admin2.auth).send({ status: 'contacted' }).expect(200);
    expect(names((await list('?status=contacted')).body)).toEqual(['ben Banana']);
    expect((await list('?status=new')).body.count).toBe(2);
    expect(names((await list('?inquiryType=sales')).body)).toEqual(['Ann Apple']);
    expect(names((await list('?ordering=name')).body)).toEqual(['Ann Apple', 'ben Banana', 'Cat Cherry']);
    expect(names((await list('?ordering=-name')).body)).toEqual(['Cat Cherry', 'ben Banana', 'Ann Apple']);
    const page = await list('?ordering=name&page_size=2&page=2');
    expect(page.body).toMatchObject({ count: 3, next: null, previous: '/api/leads/?ordering=name&page_size=2&page=1' });
    expect(names(page.body)).toEqual(['Cat Cherry']);
  });

  it('rejects unknown filters and is admin-only', async () => {
    expect((await list('?status=hot')).status).toBe(400);
    expect((await list('?inquiryType=spam')).status).toBe(400);
    expect((await list('?ordering=email')).status).toBe(400);
    const c = await signUp(ctx2);
    expect((await ctx2.request().get('/api/leads/').set(c.auth)).status).toBe(403);
    expect((await ctx2.request().get('/api/leads/')).status).toBe(401);
  });
});

describe('PATCH /api/leads/:id/', () => {
  it('changes the status and answers the lead', async () => {
    await submit({ email: 'patch@lead.test' });
    const lead = await leadByEmail('patch@lead.test');
    const res = await api().patch(`/api/leads/${lead.id}/`).set(admin.auth).send({ status: 'closed' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: lead.id, status: 'closed' });
    expect(res.body.updated_at >= lead.updated_at).toBe(true);
  });

  it('answers 400 for a bad status and 404 for an unknown lead', async () => {
    await submit({ email: 'patch2@lead.test' });
    const lead = await leadByEmail('patch2@lead.test');
    const bad = await api().patch(`/api/leads/${lead.id}/`).set(admin.auth).send({ status: 'won' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toBeDefined();
    const missing = await api().patch('/api/leads/999999/').set(admin.auth).send({ status: 'closed' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Lead not found.', code: 'not_found' });
  });
});

describe('POST /api/leads/:id/convert/', () => {
  it('creates a pending client from the lead, marks the lead converted, and refuses a second time', async () => {
    await submit({ name: 'Conv Ert', email: 'convert@lead.test', company: 'Convert Co' });
    const lead = await leadByEmail('convert@lead.test');
    const res = await api().post(`/api/leads/${lead.id}/convert/`).set(admin.auth).send();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Conv Ert',
      email: 'convert@lead.test',
      company: 'Convert Co',
      status: 'pending',
      payment_status: 'pending',
      package: 'starter',
      monthly_fee: 1500,
      platforms: [],
      total_spent: 0,
      user_id: null,
      archived_at: null,
    });
    const stored = await api().get(`/api/clients/${res.body.id}/`).set(admin.auth);
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(res.body);

    const after = await leadByEmail('convert@lead.test');
    expect(after).toMatchObject({ status: 'converted', client: res.body.id });

    const again = await api().post(`/api/leads/${lead.id}/convert/`).set(admin.auth).send({});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ detail: 'This lead has already been converted.', code: 'conflict' });
    const clients = await api().get('/api/clients/?search=convert%40lead.test').set(admin.auth);
    expect(clients.body.count).toBe(1);
  });

  it('takes package, fee and platforms overrides (fee follows the package price when not given)', async () => {
    await submit({ email: 'growth@lead.test' });
    const lead = await leadByEmail('growth@lead.test');
    const res = await api()
      .post(`/api/leads/${lead.id}/convert/`)
      .set(admin.auth)
      .send({ package: 'growth', platforms: ['TikTok'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ package: 'growth', monthly_fee: 3000, platforms: ['TikTok'] });

    await submit({ email: 'custom@lead.test' });
    const other = await leadByEmail('custom@lead.test');
    const custom = await api()
      .post(`/api/leads/${other.id}/convert/`)
      .set(admin.auth)
      .send({ package: 'enterprise', monthly_fee: 12000.5 });
    expect(custom.body).toMatchObject({ package: 'enterprise', monthly_fee: 12000.5 });
  });

  it('rolls back when the e-mail belongs to a live client (409), and validates overrides', async () => {
    const existing = await createClientViaApi(ctx, admin);
    await submit({ email: existing.email });
    const lead = await leadByEmail(existing.email);
    const res = await api().post(`/api/leads/${lead.id}/convert/`).set(admin.auth).send();
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ email: ['already exists'] });
    expect((await leadByEmail(existing.email)).status).toBe('new');

    const bad = await api()
      .post(`/api/leads/${lead.id}/convert/`)
      .set(admin.auth)
      .send({ package: 'platinum', monthly_fee: -1 });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['monthly_fee', 'package']);
  });

  it('answers 404 for an unknown lead and 403 for a client login', async () => {
    expect((await api().post('/api/leads/999999/convert/').set(admin.auth).send()).status).toBe(404);
    expect((await api().post('/api/leads/1/convert/').set(client.auth).send()).status).toBe(403);
  });
});

describe('contact form rate limit', () => {
  it('accepts 10 messages per address per hour, then answers 429; rejected ones do not count', async () => {
    const ctx3 = await createTestContext();
    try {
      for (let i = 0; i < 3; i++) await ctx3.request().post('/api/contact/').send({}).expect(400);
      for (let i = 0; i < 10; i++) {
        await ctx3.request().post('/api/contact/').send(contact({ email: `n${i}@rate.test` })).expect(201);
      }
      const res = await ctx3.request().post('/api/contact/').send(contact({ email: 'late@rate.test' }));
      expect(res.status).toBe(429);
      expect(res.body).toEqual({ detail: 'Too many messages from this address. Please try again later.', code: 'rate_limited' });
    } finally {
      await ctx3.close();
    }
  });
});
