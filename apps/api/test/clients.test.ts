import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClient } from '@agency/contract';
import { invoices } from '../src/db/schema';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, signUp, uniqueEmail, type Session, archiveClientViaApi } from './support/factories';

let ctx: TestContext;
let admin: Session;
let portalUser: Session;

let invoiceCounter = 0;
/** Invoices are another section's routes; here they only feed total_spent, so they are written directly. */
async function addInvoice(clientId: number, amount: string, status: 'paid' | 'pending' | 'overdue') {
  invoiceCounter += 1;
  await ctx.deps.db.insert(invoices).values({
    invoiceNumber: `CLT-TEST-${invoiceCounter}`,
    clientId,
    amount,
    dueDate: '2030-01-01',
    status,
    paidAt: status === 'paid' ? new Date() : null,
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin' });
  portalUser = await signUp(ctx, { name: 'Portal Person', company: 'Portal Inc' });
});
afterAll(async () => {
  await ctx.close();
});

const api = () => ctx.request();

describe('POST /api/clients/', () => {
  it('creates a client with the form defaults and answers the full client', async () => {
    const email = uniqueEmail('new');
    const res = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: '  Nova Studio ', email: email.toUpperCase(), company: 'Nova', monthly_fee: 1500 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Nova Studio',
      email,
      company: 'Nova',
      package: 'starter',
      monthly_fee: 1500,
      platforms: [],
      status: 'active',
      payment_status: 'pending',
      payment_status_follows_invoices: false,
      unpaid_invoices: 0,
      account_manager: null,
      account_manager_id: null,
      total_spent: 0,
      next_payment: null,
      plan_name: null,
      user_id: null,
      user_first_name: null,
      user_last_name: null,
      user_email: null,
      user_avatar: null,
      portal_invite_pending: false,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
      archived_at: null,
      approval_mode: 'optional',
      billing_address: null,
      tax_id: null,
    });
  });

  it('stores every field of the form, with two-decimal fees', async () => {
    const c = await createClientViaApi(ctx, admin, {
      package: 'growth',
      monthly_fee: '3000.5',
      platforms: ['Instagram', 'TikTok', 'Instagram'],
      status: 'paused',
      payment_status: 'overdue',
      account_manager: 'Sam Lead',
      next_payment: '2031-02-28',
    });
    expect(c).toMatchObject({
      package: 'growth',
      monthly_fee: 3000.5,
      platforms: ['Instagram', 'TikTok'],
      status: 'paused',
      payment_status: 'overdue',
      account_manager: 'Sam Lead',
      next_payment: '2031-02-28',
    });
  });

  it('requires name, email, company and a positive monthly fee, with field messages', async () => {
    const res = await api().post('/api/clients/').set(admin.auth).send({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors.name).toContain('Name is required');
    expect(res.body.errors.email).toContain('Email is required');
    expect(res.body.errors.company).toContain('Company is required');
    expect(res.body.errors.monthly_fee).toBeDefined();

    const negative = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: 'N', email: uniqueEmail(), company: 'C', monthly_fee: -5 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors.monthly_fee).toContain('Amount must be greater than zero');

    const text = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: 'N', email: uniqueEmail(), company: 'C', monthly_fee: 'lots' });
    expect(text.status).toBe(400);
    expect(text.body.errors.monthly_fee).toContain('Enter a valid amount');
  });

  it('rejects a bad e-mail, unknown enum values and impossible dates', async () => {
    const base = { name: 'N', company: 'C', monthly_fee: 100 };
    const email = await api().post('/api/clients/').set(admin.auth).send({ ...base, email: 'not-an-email' });
    expect(email.status).toBe(400);
    expect(email.body.errors.email).toContain('Enter a valid email address');

    const pkg = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ ...base, email: uniqueEmail(), package: 'gold', status: 'gone', platforms: ['MySpace'] });
    expect(pkg.status).toBe(400);
    expect(Object.keys(pkg.body.errors)).toEqual(expect.arrayContaining(['package', 'status', 'platforms.0']));

    const date = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ ...base, email: uniqueEmail(), next_payment: '2025-02-30' });
    expect(date.status).toBe(400);
    expect(date.body).toMatchObject({ code: 'validation_error', errors: { next_payment: ['Enter a valid date'] } });
  });

  it('answers a duplicate e-mail (any case) with a 409 naming the field', async () => {
    const c = await createClientViaApi(ctx, admin);
    const res = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: 'Copy', email: c.email.toUpperCase(), company: 'Copy', monthly_fee: 10 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      detail: 'A client with this email already exists.',
      code: 'conflict',
      errors: { email: ['already exists'] },
    });
  });

  it('links a client login only when it is a free client login', async () => {
    const unlinkedAdmin = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: 'L', email: uniqueEmail(), company: 'L', monthly_fee: 10, user_id: admin.user.id });
    expect(unlinkedAdmin.status).toBe(400);
    expect(unlinkedAdmin.body.errors).toEqual({ user_id: ['Not a client login'] });

    const unknown = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: 'L', email: uniqueEmail(), company: 'L', monthly_fee: 10, user_id: 999999 });
    expect(unknown.status).toBe(400);

    const taken = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: 'L', email: uniqueEmail(), company: 'L', monthly_fee: 10, user_id: portalUser.user.id });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ user_id: ['already linked'] });
  });

  it('is admin-only', async () => {
    const res = await api()
      .post('/api/clients/')
      .set(portalUser.auth)
      .send({ name: 'N', email: uniqueEmail(), company: 'C', monthly_fee: 100 });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/clients/:id/', () => {
  it('shows the linked login and the sum of paid invoices only', async () => {
    const id = portalUser.user.client_id!;
    await addInvoice(id, '100.10', 'paid');
    await addInvoice(id, '250.25', 'paid');
    await addInvoice(id, '999.00', 'pending');
    await addInvoice(id, '500.00', 'overdue');
    const res = await api().get(`/api/clients/${id}/`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'Portal Person',
      company: 'Portal Inc',
      email: portalUser.user.email,
      status: 'pending',
      user_id: portalUser.user.id,
      user_first_name: 'Portal',
      user_last_name: 'Person',
      user_email: portalUser.user.email,
      user_avatar: null,
      total_spent: 350.35,
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const missing = await api().get('/api/clients/999999/').set(admin.auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Client not found.', code: 'not_found' });
    const bad = await api().get('/api/clients/abc/').set(admin.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
  });
});

describe('GET /api/clients/ (search, filters, ordering, pages)', () => {
  let ctx2: TestContext;
  let admin2: Session;
  const made: Record<string, TClient> = {};
  beforeAll(async () => {
    ctx2 = await createTestContext();
    admin2 = await signUp(ctx2, { role: 'admin' });
    made.alpha = await createClientViaApi(ctx2, admin2, {
      name: 'Alpha Fitness',
      email: 'owner@alpha.test',
      company: 'Alpha Gyms',
      monthly_fee: 3000,
      status: 'active',
      payment_status: 'paid',
      next_payment: '2031-03-01',
    });
    made.bravo = await createClientViaApi(ctx2, admin2, {
      name: 'bravo bakery',
      email: 'hello@bravo.test',
      company: 'Bravo Foods',
      monthly_fee: 1500,
      status: 'pending',
      payment_status: 'overdue',
    });
    made.charlie = await createClientViaApi(ctx2, admin2, {
      name: 'Charlie Cafe',
      email: 'charlie@fitmail.test',
      company: 'C Holdings 50%',
      monthly_fee: 5000,
      status: 'paused',
      payment_status: 'pending',
      next_payment: '2031-01-15',
    });
    made.delta = await createClientViaApi(ctx2, admin2, {
      name: 'Delta Dance',
      email: 'delta@dance.test',
      company: 'Delta',
      monthly_fee: 2000.75,
      status: 'active',
      payment_status: 'overdue',
    });
    made.echo = await createClientViaApi(ctx2, admin2, {
      name: 'Echo Archived',
      email: 'echo@fit.test',
      company: 'Echo',
      monthly_fee: 9000,
      status: 'active',
      payment_status: 'overdue',
    });
    const del = await ctx2.request().delete(`/api/clients/${made.echo.id}/`).set(admin2.auth);
    expect(del.status).toBe(204);
  });
  afterAll(async () => {
    await ctx2.close();
  });

  const list = (query: string) => ctx2.request().get(`/api/clients/${query}`).set(admin2.auth);
  const names = (body: { results: TClient[] }) => body.results.map((c) => c.name);

  it('lists live clients newest first by default', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).toBeNull();
    expect(names(res.body)).toEqual(['Delta Dance', 'Charlie Cafe', 'bravo bakery', 'Alpha Fitness']);
  });

  it('searches name, e-mail and company, case-insensitively, with LIKE wildcards taken literally', async () => {
    expect(names((await list('?search=FIT')).body).sort()).toEqual(['Alpha Fitness', 'Charlie Cafe']);
    expect(names((await list('?search=bravo%20FOODS')).body)).toEqual(['bravo bakery']);
    expect(names((await list('?search=dance.test')).body)).toEqual(['Delta Dance']);
    expect(names((await list('?search=50%25')).body)).toEqual(['Charlie Cafe']);
    expect(names((await list('?search=_')).body)).toEqual([]);
    const none = await list('?search=zzz');
    expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it('filters by status and payment_status, combined with search', async () => {
    expect(names((await list('?status=active&ordering=name')).body)).toEqual(['Alpha Fitness', 'Delta Dance']);
    // The same filters with another value (one prepared statement, its values bound per request).
    expect(names((await list('?status=paused&ordering=name')).body)).toEqual(['Charlie Cafe']);
    expect(names((await list('?payment_status=overdue&ordering=name')).body)).toEqual(['bravo bakery', 'Delta Dance']);
    expect(names((await list('?payment_status=overdue&status=active')).body)).toEqual(['Delta Dance']);
    expect(names((await list('?search=fit&status=paused')).body)).toEqual(['Charlie Cafe']);
  });

  it('includes archived clients only with include_archived=true', async () => {
    expect(names((await list('?search=echo')).body)).toEqual([]);
    const res = await list('?search=echo&include_archived=true');
    expect(names(res.body)).toEqual(['Echo Archived']);
    expect(res.body.results[0].archived_at).toEqual(expect.any(String));
    expect((await list('?include_archived=1')).body.count).toBe(5);
    expect((await list('?include_archived=false')).body.count).toBe(4);
    const bad = await list('?include_archived=maybe');
    expect(bad.status).toBe(400);
  });

  it('filters to clients with (or without) a login, for the New Conversation picker', async () => {
    expect((await list('?has_login=true')).body.count).toBe(0);
    const portal = await signUp(ctx2, { name: 'Foxtrot Portal', company: 'Foxtrot Co' });
    const withLogin = await list('?has_login=true');
    expect(names(withLogin.body)).toEqual(['Foxtrot Portal']);
    expect(withLogin.body.results[0].user_id).toBe(portal.user.id);
    expect(names((await list('?has_login=false&ordering=name')).body)).toEqual([
      'Alpha Fitness',
      'bravo bakery',
      'Charlie Cafe',
      'Delta Dance',
    ]);
    expect((await list('?has_login=sometimes')).status).toBe(400);
    // leave the shared list as the other tests expect it
    await archiveClientViaApi(ctx2, admin2, portal.user.client_id!);
  });

  it('orders by each allowed field, both ways', async () => {
    expect(names((await list('?ordering=name')).body)).toEqual([
      'Alpha Fitness',
      'bravo bakery',
      'Charlie Cafe',
      'Delta Dance',
    ]);
    expect(names((await list('?ordering=-monthly_fee')).body)).toEqual([
      'Charlie Cafe',
      'Alpha Fitness',
      'Delta Dance',
      'bravo bakery',
    ]);
    expect(names((await list('?ordering=company')).body)).toEqual([
      'Alpha Fitness',
      'bravo bakery',
      'Charlie Cafe',
      'Delta Dance',
    ]);
    // Clients without a next payment come last.
    expect(names((await list('?ordering=next_payment')).body).slice(0, 2)).toEqual(['Charlie Cafe', 'Alpha Fitness']);
    expect(names((await list('?ordering=created_at')).body)).toEqual([
      'Alpha Fitness',
      'bravo bakery',
      'Charlie Cafe',
      'Delta Dance',
    ]);
    expect(names((await list('?ordering=status&search=a')).body)[0]).toBe('Alpha Fitness');
    const bad = await list('?ordering=password');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_error');
  });

  it('paginates with count, next and previous', async () => {
    const first = await list('?ordering=name&page_size=3');
    expect(first.body.count).toBe(4);
    expect(names(first.body)).toEqual(['Alpha Fitness', 'bravo bakery', 'Charlie Cafe']);
    expect(first.body.next).toBe('/api/clients/?ordering=name&page_size=3&page=2');
    expect(first.body.previous).toBeNull();
    const second = await ctx2.request().get(first.body.next).set(admin2.auth);
    expect(names(second.body)).toEqual(['Delta Dance']);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toBe('/api/clients/?ordering=name&page_size=3&page=1');
    const beyond = await list('?page=9');
    expect(beyond.status).toBe(200);
    expect(beyond.body.results).toEqual([]);
    expect(beyond.body.count).toBe(4);
  });

  it('rejects bad filter values and page sizes with 400', async () => {
    for (const q of ['?status=archived', '?payment_status=late', '?page=0', '?page_size=500', '?page=x']) {
      const res = await list(q);
      expect(res.status, q).toBe(400);
      expect(res.body.code, q).toBe('validation_error');
    }
  });

  it('computes the summary over live clients in SQL', async () => {
    const res = await ctx2.request().get('/api/clients/summary/').set(admin2.auth);
    expect(res.status).toBe(200);
    // Alpha (3000, active) + Delta (2000.75, active); Echo is archived.
    expect(res.body).toEqual({ total: 4, active: 2, monthly_revenue: 5000.75, overdue: 2 });
  });
});

describe('PATCH /api/clients/:id/', () => {
  it('changes only the fields sent', async () => {
    const c = await createClientViaApi(ctx, admin, {
      package: 'growth',
      monthly_fee: 3000,
      platforms: ['YouTube'],
      account_manager: 'Kim',
      next_payment: '2031-05-01',
    });
    const res = await api().patch(`/api/clients/${c.id}/`).set(admin.auth).send({ monthly_fee: 3250.5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...c, monthly_fee: 3250.5 });

    const cleared = await api()
      .patch(`/api/clients/${c.id}/`)
      .set(admin.auth)
      .send({ account_manager: null, next_payment: null, status: 'paused', platforms: [] });
    expect(cleared.body).toEqual({
      ...c,
      monthly_fee: 3250.5,
      account_manager: null,
      account_manager_id: null,
      next_payment: null,
      status: 'paused',
      platforms: [],
    });
    const again = await api().get(`/api/clients/${c.id}/`).set(admin.auth);
    expect(again.body).toEqual(cleared.body);
  });

  it('refuses another client’s e-mail but accepts its own in another case', async () => {
    const a = await createClientViaApi(ctx, admin);
    const b = await createClientViaApi(ctx, admin);
    const clash = await api().patch(`/api/clients/${b.id}/`).set(admin.auth).send({ email: a.email });
    expect(clash.status).toBe(409);
    const own = await api().patch(`/api/clients/${b.id}/`).set(admin.auth).send({ email: b.email.toUpperCase() });
    expect(own.status).toBe(200);
    expect(own.body.email).toBe(b.email);
  });

  it('answers 400 for bad values and 404 for unknown clients', async () => {
    const c = await createClientViaApi(ctx, admin);
    const bad = await api()
      .patch(`/api/clients/${c.id}/`)
      .set(admin.auth)
      .send({ monthly_fee: 0, status: 'gone', name: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['monthly_fee', 'name', 'status']);
    const missing = await api().patch('/api/clients/999999/').set(admin.auth).send({ name: 'X' });
    expect(missing.status).toBe(404);
  });
});

describe('DELETE /api/clients/:id/ (archive)', () => {
  it('archives: hidden from the list and summary, still readable, invoices kept, twice is fine', async () => {
    const c = await createClientViaApi(ctx, admin, { status: 'active', monthly_fee: 4321 });
    await addInvoice(c.id, '75.00', 'paid');
    const before = (await api().get('/api/clients/summary/').set(admin.auth)).body;

    const del = await api().delete(`/api/clients/${c.id}/`).set(admin.auth);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');

    const got = await api().get(`/api/clients/${c.id}/`).set(admin.auth);
    expect(got.status).toBe(200);
    expect(got.body.archived_at).toEqual(expect.stringMatching(/Z$/));
    expect(got.body.total_spent).toBe(75);

    const listed = await api().get(`/api/clients/?search=${encodeURIComponent(c.email)}`).set(admin.auth);
    expect(listed.body.count).toBe(0);

    const after = (await api().get('/api/clients/summary/').set(admin.auth)).body;
    expect(after.total).toBe(before.total - 1);
    expect(after.active).toBe(before.active - 1);
    expect(after.monthly_revenue).toBeCloseTo(before.monthly_revenue - 4321, 2);

    const twice = await api().delete(`/api/clients/${c.id}/`).set(admin.auth);
    expect(twice.status).toBe(204);
    const still = await api().get(`/api/clients/${c.id}/`).set(admin.auth);
    expect(still.body.archived_at).toBe(got.body.archived_at);

    // The e-mail of an archived client is free again.
    const reused = await api()
      .post('/api/clients/')
      .set(admin.auth)
      .send({ name: 'Back Again', email: c.email, company: 'B', monthly_fee: 10 });
    expect(reused.status).toBe(201);
  });

  it('answers 404 for an unknown client and 403 for a client login', async () => {
    expect((await api().delete('/api/clients/999999/').set(admin.auth)).status).toBe(404);
    expect((await api().delete(`/api/clients/${portalUser.user.client_id}/`).set(portalUser.auth)).status).toBe(403);
  });
});

describe('archived clients: found and restored', () => {
  it('archived=true lists only archived clients; restore brings one back to the list and the summary, with its history', async () => {
    const c = await createClientViaApi(ctx, admin, { status: 'active', monthly_fee: 1234 });
    await addInvoice(c.id, '40.00', 'paid');
    await api().delete(`/api/clients/${c.id}/`).set(admin.auth).expect(204);
    const archived = await api().get(`/api/clients/?archived=true&search=${encodeURIComponent(c.email)}`).set(admin.auth);
    expect(archived.body.results.map((r: { id: number }) => r.id)).toEqual([c.id]);
    const everyArchived = await api().get('/api/clients/?archived=true&page_size=200').set(admin.auth);
    expect(everyArchived.body.results.every((r: { archived_at: string | null }) => r.archived_at !== null)).toBe(true);

    const before = (await api().get('/api/clients/summary/').set(admin.auth)).body;
    const restored = await api().post(`/api/clients/${c.id}/restore/`).set(admin.auth);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ id: c.id, archived_at: null, total_spent: 40 });
    const after = (await api().get('/api/clients/summary/').set(admin.auth)).body;
    expect(after.total).toBe(before.total + 1);
    expect(after.monthly_revenue).toBeCloseTo(before.monthly_revenue + 1234, 2);
    const live = await api().get(`/api/clients/?search=${encodeURIComponent(c.email)}`).set(admin.auth);
    expect(live.body.count).toBe(1);
  });

  it('refuses to restore a client whose e-mail a live client took meanwhile, saying what to do', async () => {
    const c = await createClientViaApi(ctx, admin);
    await api().delete(`/api/clients/${c.id}/`).set(admin.auth).expect(204);
    await api().post('/api/clients/').set(admin.auth).send({ name: 'Took The Address', email: c.email, company: 'T', monthly_fee: 10 }).expect(201);
    const res = await api().post(`/api/clients/${c.id}/restore/`).set(admin.auth);
    expect(res.status).toBe(409);
    expect(res.body.detail).toBe(`Another client uses ${c.email} now: change that client's e-mail first, then restore ${c.name}.`);
    expect((await api().post('/api/clients/999999/restore/').set(admin.auth)).status).toBe(404);
  });
});

describe('POST /api/clients/:id/update_payment_status/', () => {
  it('sets the payment status and answers the updated client', async () => {
    const c = await createClientViaApi(ctx, admin, { payment_status: 'overdue' });
    const res = await api().post(`/api/clients/${c.id}/update_payment_status/`).set(admin.auth).send({ payment_status: 'paid' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...c, payment_status: 'paid' });
    const back = await api()
      .post(`/api/clients/${c.id}/update_payment_status/`)
      .set(admin.auth)
      .send({ payment_status: 'pending' });
    expect(back.body.payment_status).toBe('pending');
  });

  it('rejects unknown statuses and unknown clients', async () => {
    const c = await createClientViaApi(ctx, admin);
    const bad = await api().post(`/api/clients/${c.id}/update_payment_status/`).set(admin.auth).send({ payment_status: 'late' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.payment_status).toBeDefined();
    const empty = await api().post(`/api/clients/${c.id}/update_payment_status/`).set(admin.auth).send({});
    expect(empty.status).toBe(400);
    const missing = await api()
      .post('/api/clients/999999/update_payment_status/')
      .set(admin.auth)
      .send({ payment_status: 'paid' });
    expect(missing.status).toBe(404);
  });
});
