import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK_REJECT_FEEDBACK } from '@agency/contract';
import { clients, notifications } from '../src/db/schema';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session, archiveClientViaApi } from './support/factories';

let ctx: TestContext;
let admin: Session;
let clientA: Session;
let clientB: Session;
let archived: Session;

type Item = { id: number } & Record<string, unknown>;

function body(overrides: Record<string, unknown> = {}) {
  return { platform: 'instagram', content: 'Spring menu is here', scheduled_date: '2030-04-10T09:00:00Z', ...overrides };
}

async function create(who: Session, overrides: Record<string, unknown> = {}): Promise<Item> {
  const res = await ctx.request().post('/api/content/').set(who.auth).send(body(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Item;
}

async function list(who: Session, query = '') {
  const res = await ctx.request().get(`/api/content/${query}`).set(who.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; next: string | null; previous: string | null; results: Item[] };
}

const idsOf = (b: { results: Item[] }) => b.results.map((r) => r.id);

async function notificationsOf(userId: number) {
  return ctx.deps.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin', name: 'Alex Staff' });
  clientA = await signUp(ctx, { name: 'Acme Bakery' });
  clientB = await signUp(ctx, { name: 'Blue Fitness' });
  archived = await signUp(ctx, { name: 'Gone Gardens' });
  await archiveClientViaApi(ctx, admin, archived.user.client_id!);
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/content/', () => {
  it('a client creates for itself, pending approval by default; the client field is ignored', async () => {
    const item = await create(clientA, { client: clientB.user.client_id, image_url: 'https://cdn.example.test/a.png' });
    expect(item).toMatchObject({
      client: clientA.user.client_id,
      client_name: 'Acme Bakery',
      platform: 'instagram',
      content: 'Spring menu is here',
      scheduled_date: '2030-04-10T09:00:00.000Z',
      image_url: 'https://cdn.example.test/a.png',
      status: 'pending-approval',
      // Not published yet: no engagement (shown '—'), not 0%.
      engagement_rate: null,
      approved_by_name: null,
      approved_at: null,
      feedback: null,
    });
    const draft = await create(clientA, { status: 'draft', image_url: '' });
    expect(draft.status).toBe('draft');
    expect(draft.image_url).toBeNull();
  });

  it('a client may not create approved or posted content', async () => {
    for (const status of ['approved', 'posted']) {
      const res = await ctx.request().post('/api/content/').set(clientA.auth).send(body({ status }));
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ status: ['Choose draft or pending-approval'] });
    }
  });

  it("an admin's item is approved by default, with approver and time ('Create & Approve')", async () => {
    const item = await create(admin, { client: clientA.user.client_id, platform: 'tiktok' });
    expect(item).toMatchObject({ client: clientA.user.client_id, platform: 'tiktok', status: 'approved', approved_by_name: 'Alex Staff' });
    expect(Date.parse(item.approved_at as string)).toBeGreaterThan(Date.now() - 60_000);
    const draft = await create(admin, { client: clientA.user.client_id, status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', approved_by_name: null, approved_at: null });
  });

  it('an admin must name an existing, non-archived client', async () => {
    const none = await ctx.request().post('/api/content/').set(admin.auth).send(body());
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ detail: 'Client is required', errors: { client: ['Client is required'] } });
    const unknown = await ctx.request().post('/api/content/').set(admin.auth).send(body({ client: 999999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Client not found.');
    const gone = await ctx.request().post('/api/content/').set(admin.auth).send(body({ client: archived.user.client_id }));
    expect(gone.status).toBe(400);
    expect(gone.body.detail).toBe('This client is archived; content cannot be created for it.');
  });

  it('an archived client cannot create new content itself: archiving signed its logins out', async () => {
    const res = await ctx.request().post('/api/content/').set(archived.auth).send(body());
    expect(res.status).toBe(401);
  });

  it('a client login without a client record gets a clear 400 and an empty list', async () => {
    const orphan = await signUp(ctx, { name: 'Orphan Login' });
    // No API removes a client record outright (clients are archived), so the state is made directly.
    await ctx.deps.db.delete(clients).where(eq(clients.id, orphan.user.client_id!));
    const res = await ctx.request().post('/api/content/').set(orphan.auth).send(body());
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('Your account has no client record; please contact the agency.');
    expect((await list(orphan)).count).toBe(0);
    const stats = await ctx.request().get('/api/content/stats/').set(orphan.auth);
    expect(stats.body.total).toBe(0);
  });

  it('refuses bad platform, status, date, url and empty text with 400', async () => {
    for (const bad of [
      { platform: 'myspace' },
      { status: 'published' },
      { scheduled_date: 'next week' },
      { image_url: 'not a url' },
      { content: '   ' },
    ]) {
      const res = await ctx.request().post('/api/content/').set(admin.auth).send(body({ client: clientA.user.client_id, ...bad }));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(bad));
    }
  });

  it('takes only http(s) image URLs, on create and on edit, with a clear message', async () => {
    for (const image_url of [
      'javascript:alert(document.cookie)',
      'JAVASCRIPT:alert(1)',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'file:///etc/passwd',
      'ftp://files.example.test/a.png',
    ]) {
      const res = await ctx.request().post('/api/content/').set(admin.auth).send(body({ client: clientA.user.client_id, image_url }));
      expect(res.status, image_url).toBe(400);
      expect(res.body.errors.image_url).toEqual(['Enter a web address that starts with http:// or https://']);
    }
    const item = await create(clientA, { status: 'draft', image_url: 'http://cdn.example.test/a.png' });
    expect(item.image_url).toBe('http://cdn.example.test/a.png');
    const edit = await ctx.request().patch(`/api/content/${item.id}/`).set(clientA.auth).send({ image_url: 'javascript:alert(1)' });
    expect(edit.status).toBe(400);
    expect(edit.body.errors.image_url).toBeDefined();
    const invalid = await ctx.request().post('/api/content/').set(admin.auth).send(body({ client: clientA.user.client_id, image_url: 'not a url' }));
    expect(invalid.body.errors.image_url).toEqual(['Enter a valid URL']);
  });
});

describe('client isolation', () => {
  it("client B never sees, edits, submits or counts client A's content", async () => {
    const a = await create(clientA, { status: 'draft', content: 'Acme secret plan' });
    const b = await create(clientB, { content: 'Blue own post' });
    for (const [method, path] of [
      ['get', `/api/content/${a.id}/`],
      ['patch', `/api/content/${a.id}/`],
      ['post', `/api/content/${a.id}/submit/`],
    ] as const) {
      const res = await ctx.request()[method](path).set(clientB.auth).send(method === 'patch' ? { content: 'hijack' } : undefined);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual({ detail: 'Content not found.', code: 'not_found' });
    }
    const bList = await list(clientB, '?search=secret');
    expect(bList.count).toBe(0);
    const bFiltered = await list(clientB, `?client=${clientA.user.client_id}`);
    expect(bFiltered.results.map((r) => r.id)).toContain(b.id);
    expect(bFiltered.results.every((r) => r.client === clientB.user.client_id)).toBe(true);
    expect((await list(admin, `?client=${clientA.user.client_id}`)).results.map((r) => r.id)).toContain(a.id);
    const still = await ctx.request().get(`/api/content/${a.id}/`).set(clientA.auth);
    expect(still.body.content).toBe('Acme secret plan');
    const bStats = await ctx.request().get('/api/content/stats/').set(clientB.auth);
    expect(bStats.body.total).toBe(bFiltered.count);
  });

  it('clients cannot approve, reject or bulk approve', async () => {
    const a = await create(clientA);
    for (const path of [`/api/content/${a.id}/approve/`, `/api/content/${a.id}/reject/`]) {
      expect((await ctx.request().post(path).set(clientA.auth)).status).toBe(403);
    }
    const bulk = await ctx.request().post('/api/content/bulk_approve/').set(clientA.auth).send({ content_ids: [a.id], action: 'approve' });
    expect(bulk.status).toBe(403);
  });
});

describe('editing and the review workflow', () => {
  it('a client edits its own drafts only; anything else is a 409', async () => {
    const draft = await create(clientA, { status: 'draft' });
    const ok = await ctx
      .request()
      .patch(`/api/content/${draft.id}/`)
      .set(clientA.auth)
      .send({ content: 'Edited text', platform: 'facebook', status: 'draft', client: clientA.user.client_id });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ content: 'Edited text', platform: 'facebook', status: 'draft' });

    const toOther = await ctx.request().patch(`/api/content/${draft.id}/`).set(clientA.auth).send({ client: clientB.user.client_id });
    expect(toOther.status).toBe(400);
    const selfApprove = await ctx.request().patch(`/api/content/${draft.id}/`).set(clientA.auth).send({ status: 'approved' });
    expect(selfApprove.status).toBe(400);
    expect(selfApprove.body.errors).toEqual({ status: ['Use submit to send a draft for approval'] });

    const pending = await create(clientA);
    const refused = await ctx.request().patch(`/api/content/${pending.id}/`).set(clientA.auth).send({ content: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ detail: 'Only drafts can be edited; this item is pending-approval.', code: 'conflict' });
  });

  it('an admin edits any item, including client and status', async () => {
    const item = await create(clientA);
    const res = await ctx
      .request()
      .patch(`/api/content/${item.id}/`)
      .set(admin.auth)
      .send({ client: clientB.user.client_id, status: 'posted', content: 'Final copy' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ client: clientB.user.client_id, client_name: 'Blue Fitness', status: 'posted', content: 'Final copy', approved_by_name: 'Alex Staff' });
    const archivedRef = await ctx.request().patch(`/api/content/${item.id}/`).set(admin.auth).send({ client: archived.user.client_id });
    expect(archivedRef.status).toBe(400);
    const bad = await ctx.request().patch(`/api/content/${item.id}/`).set(admin.auth).send({ status: 'live' });
    expect(bad.status).toBe(400);
    const missing = await ctx.request().patch('/api/content/999999/').set(admin.auth).send({ content: 'x' });
    expect(missing.status).toBe(404);
  });

  it('submit moves a draft to pending-approval; otherwise 409', async () => {
    const draft = await create(clientA, { status: 'draft' });
    const res = await ctx.request().post(`/api/content/${draft.id}/submit/`).set(clientA.auth);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('pending-approval');
    const again = await ctx.request().post(`/api/content/${draft.id}/submit/`).set(clientA.auth);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Only drafts can be submitted for approval; this item is pending-approval.');
    // Staff submit too, but only drafts.
    expect((await ctx.request().post(`/api/content/${draft.id}/submit/`).set(admin.auth)).status).toBe(409);
  });

  it('approve records the approver, notifies the client (success) and emits content.reviewed', async () => {
    const item = await create(clientA, { platform: 'youtube' });
    const events: unknown[] = [];
    const off = ctx.deps.events.on('content.reviewed', (e) => events.push(e));
    const before = await notificationsOf(clientA.user.id);
    const res = await ctx.request().post(`/api/content/${item.id}/approve/`).set(admin.auth);
    off();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'approved', approved_by_name: 'Alex Staff', feedback: null });
    expect(Date.parse(res.body.approved_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(events).toEqual([
      {
        clientId: clientA.user.client_id,
        clientName: expect.any(String),
        action: 'approved',
        by: 'staff',
        items: [expect.objectContaining({ id: item.id, platform: 'youtube' })],
        feedback: null,
      },
    ]);
    const after = await notificationsOf(clientA.user.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      title: 'Content approved',
      message: 'Your YouTube post scheduled for Apr 10, 2030 was approved.',
      type: 'success',
      link: '#content',
    });
    const again = await ctx.request().post(`/api/content/${item.id}/approve/`).set(admin.auth);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe('Only items pending approval can be approved; this item is approved.');
    expect((await ctx.request().post('/api/content/999999/approve/').set(admin.auth)).status).toBe(404);
  });

  it('reject sends the item back to draft with the feedback and notifies the client (info)', async () => {
    const item = await create(clientA);
    const events: unknown[] = [];
    const off = ctx.deps.events.on('content.reviewed', (e) => events.push(e));
    const res = await ctx.request().post(`/api/content/${item.id}/reject/`).set(admin.auth).send({ feedback: 'Use the new logo' });
    off();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'draft', feedback: 'Use the new logo', approved_by_name: null, approved_at: null });
    expect(events).toEqual([
      {
        clientId: clientA.user.client_id,
        clientName: expect.any(String),
        action: 'rejected',
        by: 'staff',
        items: [expect.objectContaining({ id: item.id })],
        feedback: 'Use the new logo',
      },
    ]);
    const last = (await notificationsOf(clientA.user.id)).at(-1);
    expect(last).toMatchObject({ title: 'Content needs changes', type: 'info', link: '#content' });
    expect(last!.message).toBe('Your Instagram post scheduled for Apr 10, 2030 was sent back to draft. Feedback: Use the new logo');

    // The client can now edit the draft and resubmit; approval clears the feedback.
    expect((await ctx.request().patch(`/api/content/${item.id}/`).set(clientA.auth).send({ content: 'New logo' })).status).toBe(200);
    expect((await ctx.request().post(`/api/content/${item.id}/submit/`).set(clientA.auth)).body.feedback).toBe('Use the new logo');
    const approved = await ctx.request().post(`/api/content/${item.id}/approve/`).set(admin.auth);
    expect(approved.body.feedback).toBeNull();

    const noBody = await create(clientA);
    const plain = await ctx.request().post(`/api/content/${noBody.id}/reject/`).set(admin.auth);
    expect(plain.status).toBe(200);
    expect(plain.body).toMatchObject({ status: 'draft', feedback: null });
    const twice = await ctx.request().post(`/api/content/${noBody.id}/reject/`).set(admin.auth).send({ feedback: 'x' });
    expect(twice.status).toBe(409);
    expect(twice.body.detail).toBe('Only items pending approval can be rejected; this item is draft.');
  });
});

describe('POST /api/content/bulk_approve/', () => {
  it('approves the pending items, skips the others and does not count them', async () => {
    const p1 = await create(clientA);
    const p2 = await create(clientB);
    const d = await create(clientA, { status: 'draft' });
    const before = await notificationsOf(clientB.user.id);
    const res = await ctx
      .request()
      .post('/api/content/bulk_approve/')
      .set(admin.auth)
      .send({ content_ids: [p1.id, p2.id, d.id, p1.id], action: 'approve' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    const get = async (id: number) => (await ctx.request().get(`/api/content/${id}/`).set(admin.auth)).body;
    expect((await get(p1.id)).status).toBe('approved');
    expect((await get(p2.id)).approved_by_name).toBe('Alex Staff');
    expect((await get(d.id)).status).toBe('draft');
    expect(await notificationsOf(clientB.user.id)).toHaveLength(before.length + 1);
  });

  it("rejects with the default feedback 'Bulk rejected by admin'", async () => {
    const p1 = await create(clientA);
    const p2 = await create(clientA);
    const before = await notificationsOf(clientA.user.id);
    const res = await ctx.request().post('/api/content/bulk_approve/').set(admin.auth).send({ content_ids: [p1.id, p2.id], action: 'reject' });
    expect(res.body).toEqual({ updated: 2 });
    const item = (await ctx.request().get(`/api/content/${p1.id}/`).set(admin.auth)).body;
    expect(item).toMatchObject({ status: 'draft', feedback: BULK_REJECT_FEEDBACK });
    // One notification per client, not one per item.
    const after = await notificationsOf(clientA.user.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)!.message).toBe('2 of your content items were sent back to draft. Feedback: Bulk rejected by admin');
  });

  it('refuses the whole action when an id does not exist, naming it', async () => {
    const p = await create(clientA);
    const res = await ctx
      .request()
      .post('/api/content/bulk_approve/')
      .set(admin.auth)
      .send({ content_ids: [p.id, 999999], action: 'approve' });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: 'Content not found: 999999. Nothing was changed.', code: 'not_found' });
    expect((await ctx.request().get(`/api/content/${p.id}/`).set(admin.auth)).body.status).toBe('pending-approval');
  });

  it('refuses bad actions and empty lists with 400', async () => {
    for (const bad of [{ content_ids: [1], action: 'publish' }, { content_ids: [], action: 'approve' }, { action: 'approve' }]) {
      const res = await ctx.request().post('/api/content/bulk_approve/').set(admin.auth).send(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });
});

describe('GET /api/content/ and /api/content/stats/', () => {
  let ctx2: TestContext;
  let adm: Session;
  let acme: Session;
  let blue: Session;
  let ids: Record<string, number>;

  beforeAll(async () => {
    // A database of its own, so the counts below are exact.
    ctx2 = await createTestContext();
    adm = await signUp(ctx2, { role: 'admin', name: 'Alex Staff' });
    acme = await signUp(ctx2, { name: 'Acme Bakery' });
    blue = await signUp(ctx2, { name: 'Blue Fitness' });
    const mk = async (who: Session, overrides: Record<string, unknown>) => {
      const res = await ctx2.request().post('/api/content/').set(who.auth).send(body(overrides));
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    const realNow = Date.now();
    // Created ten days ago: counts in total but not in created_last_7_days.
    ctx2.deps.now = () => new Date(realNow - 10 * 86_400_000);
    const old = await mk(acme, { content: 'Old croissant post', status: 'draft', scheduled_date: '2030-03-31T23:30:00Z' });
    ctx2.deps.now = () => new Date();
    ids = {
      old,
      a1: await mk(acme, { content: 'Easter bread launch', scheduled_date: '2030-04-01T00:00:00Z' }),
      a2: await mk(adm, { client: acme.user.client_id, platform: 'tiktok', content: 'Bakery tour video', scheduled_date: '2030-04-15T12:00:00Z' }),
      a3: await mk(adm, { client: acme.user.client_id, platform: 'facebook', status: 'posted', content: 'Opening hours', scheduled_date: '2030-04-30T23:59:00Z' }),
      b1: await mk(blue, { platform: 'youtube', content: 'Workout of the week 100%', scheduled_date: '2030-05-01T00:00:00Z' }),
      b2: await mk(blue, { status: 'draft', content: 'Protein recipes', scheduled_date: '2030-02-10T08:00:00Z' }),
    };
  });
  afterAll(async () => {
    await ctx2.close();
  });

  const get = async (who: Session, query = '') => {
    const res = await ctx2.request().get(`/api/content/${query}`).set(who.auth);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { count: number; next: string | null; previous: string | null; results: Item[] };
  };

  it('stats count every status and the last 7 days, scoped per caller', async () => {
    const all = await ctx2.request().get('/api/content/stats/').set(adm.auth);
    expect(all.body).toEqual({ total: 6, pending: 2, approved: 1, posted: 1, drafts: 2, created_last_7_days: 5 });
    const mine = await ctx2.request().get('/api/content/stats/').set(acme.auth);
    expect(mine.body).toEqual({ total: 4, pending: 1, approved: 1, posted: 1, drafts: 1, created_last_7_days: 3 });
    const theirs = await ctx2.request().get('/api/content/stats/').set(blue.auth);
    expect(theirs.body).toEqual({ total: 2, pending: 1, approved: 0, posted: 0, drafts: 1, created_last_7_days: 2 });
  });

  it('admins list everything, upcoming posts first (soonest first), then the past (latest first); clients only their own', async () => {
    const all = await get(adm);
    expect(all.count).toBe(6);
    expect(idsOf(all)).toEqual([ids.b2, ids.old, ids.a1, ids.a2, ids.a3, ids.b1]);
    // Engagement exists once a post is published: null before (every screen shows '—').
    for (const item of all.results) expect(item.engagement_rate === null).toBe(item.status !== 'posted');
    expect(idsOf(await get(acme))).toEqual([ids.old, ids.a1, ids.a2, ids.a3]);
    expect(idsOf(await get(blue))).toEqual([ids.b2, ids.b1]);
    expect(idsOf(await get(adm, '?ordering=-created_at'))).toEqual([ids.b2, ids.b1, ids.a3, ids.a2, ids.a1, ids.old]);
    // Seen on April 10th, 2030: what is still to come, soonest first; then what is past, latest first.
    const realNow = ctx2.deps.now;
    ctx2.deps.now = () => new Date('2030-04-10T00:00:00Z');
    try {
      const mid = await get(adm);
      expect(idsOf(mid)).toEqual([ids.a2, ids.a3, ids.b1, ids.a1, ids.old, ids.b2]);
      const p2 = await get(adm, '?page_size=4&page=2');
      expect(idsOf(p2)).toEqual([ids.old, ids.b2]);
    } finally {
      ctx2.deps.now = realNow;
    }
  });

  it('searches content text and client name', async () => {
    expect(idsOf(await get(adm, '?search=BREAD'))).toEqual([ids.a1]);
    expect(idsOf(await get(adm, '?search=blue%20fit'))).toEqual([ids.b2, ids.b1]);
    expect(idsOf(await get(adm, '?search=100%25'))).toEqual([ids.b1]);
    expect((await get(blue, '?search=acme')).count).toBe(0);
  });

  it('filters by client (admins), status and platform', async () => {
    expect(idsOf(await get(adm, `?client=${blue.user.client_id}`))).toEqual([ids.b2, ids.b1]);
    expect(idsOf(await get(adm, '?status=draft'))).toEqual([ids.b2, ids.old]);
    expect(idsOf(await get(adm, '?platform=tiktok'))).toEqual([ids.a2]);
    expect(idsOf(await get(acme, '?status=pending-approval'))).toEqual([ids.a1]);
    expect(idsOf(await get(acme, `?client=${blue.user.client_id}`))).toEqual([ids.old, ids.a1, ids.a2, ids.a3]);
  });

  it('takes a scheduled_date range for the month calendar (dates are whole UTC days)', async () => {
    const april = await get(adm, '?scheduled_from=2030-04-01&scheduled_to=2030-04-30&ordering=scheduled_date');
    expect(idsOf(april)).toEqual([ids.a1, ids.a2, ids.a3]);
    const exact = await get(adm, '?scheduled_from=2030-04-15T12:00:00Z&scheduled_to=2030-05-01T00:00:00Z&ordering=scheduled_date');
    expect(idsOf(exact)).toEqual([ids.a2, ids.a3]);
    expect(idsOf(await get(acme, '?scheduled_to=2030-03-31'))).toEqual([ids.old]);
    for (const bad of ['?scheduled_from=April', '?scheduled_to=2030-13-45', '?status=live', '?platform=myspace', '?ordering=content']) {
      const res = await ctx2.request().get(`/api/content/${bad}`).set(adm.auth);
      expect(res.status, bad).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });

  it('orders by scheduled date, status workflow and platform, and paginates', async () => {
    expect(idsOf(await get(adm, '?ordering=-scheduled_date'))).toEqual([ids.b1, ids.a3, ids.a2, ids.a1, ids.old, ids.b2]);
    expect(idsOf(await get(adm, '?ordering=status'))).toEqual([ids.old, ids.b2, ids.a1, ids.b1, ids.a2, ids.a3]);
    expect(idsOf(await get(adm, '?ordering=platform')).slice(0, 2)).toEqual([ids.a3, ids.old]);
    expect((await get(adm, '?ordering=-engagement_rate')).count).toBe(6);
    const p1 = await get(adm, '?ordering=scheduled_date&page_size=4');
    expect(idsOf(p1)).toEqual([ids.b2, ids.old, ids.a1, ids.a2]);
    expect(p1.next).toBe('/api/content/?ordering=scheduled_date&page_size=4&page=2');
    expect(p1.previous).toBeNull();
    const p2 = await get(adm, '?ordering=scheduled_date&page_size=4&page=2');
    expect(idsOf(p2)).toEqual([ids.a3, ids.b1]);
    expect(p2.next).toBeNull();
    expect(p2.previous).toBe('/api/content/?ordering=scheduled_date&page_size=4&page=1');
  });
});
