/**
 * Staff content follows the client's approval mode (issue 27): staff save a draft, submit it for the staff review,
 * send it to the client (two-step mode: the submission is the staff review), or, the owner only, approve it without
 * the review, kept in the history as an override. Staff edit, submit and delete posts; a post carries an uploaded
 * image or video shown through a signed address (the portal, the admin screens and the magic review page);
 * publishing dates in the past are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { TApprovalMode, TContent, TContentReview, TFile, TNotificationList, TReviewLinkView } from '@agency/contract';
import { emailOutbox } from '../src/db/schema';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

const DAY = 86_400_000;
let clock = new Date('2026-11-24T09:00:00Z');
let ctx: TestContext;
let owner: Session;
let manager: Session;
const api = () => ctx.request();

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c626001000000ffff03000006000557bfabd40000000049454e44ae426082',
  'hex',
);
/** The head of an MP4 file (an ftyp box, brand isom), enough for the type to be recognised. */
const MP4 = Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(64)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  owner = await signUp(ctx, { role: 'admin', name: 'Olive Owner' });
  manager = await signUp(ctx, { role: 'admin', name: 'Max Manager' });
  const role = await api().patch(`/api/admin/staff/${manager.user.id}/`).set(owner.auth).send({ staff_role: 'manager' });
  expect(role.status, JSON.stringify(role.body)).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

async function clientWithMode(mode: TApprovalMode, name: string): Promise<Session> {
  const client = await signUp(ctx, { name, company: `${name} Co` });
  const res = await api()
    .patch(`/api/clients/${client.user.client_id}/`)
    .set(owner.auth)
    .send({ approval_mode: mode, account_manager_id: manager.user.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return client;
}

const post = { platform: 'instagram', content: 'Winter bouquets are here', scheduled_date: '2030-01-10T09:00:00Z' };
const createAs = (who: Session, body: Record<string, unknown>) => api().post('/api/content/').set(who.auth).send({ ...post, ...body });
async function created(who: Session, body: Record<string, unknown>): Promise<TContent> {
  const res = await createAs(who, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TContent;
}
const historyOf = async (who: Session, id: number) => ((await api().get(`/api/content/${id}/reviews/`).set(who.auth)).body as { results: TContentReview[] }).results;
const notificationsOf = async (who: Session) => ((await api().get('/api/notifications/').set(who.auth)).body as TNotificationList).results;
const reviewMailsTo = (client: Session) =>
  ctx.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, client.user.email), eq(emailOutbox.kind, 'review_request')))
    .orderBy(desc(emailOutbox.id));

async function upload(who: Session, bytes: Buffer, name: string, fields: Record<string, string> = {}): Promise<TFile> {
  let req = api().post('/api/files/').set(who.auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  const res = await req.attach('file', bytes, name);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TFile;
}

describe("staff posts follow the client's approval mode", () => {
  it('two-step: staff send a post to the client, who is asked (notified and mailed) and approves it', async () => {
    const client = await clientWithMode('internal_then_client', 'Tina Twostep');
    const item = await created(manager, { client: client.user.client_id, status: 'pending-approval', send_to_client: true });
    expect(item).toMatchObject({ status: 'pending-approval', review_step: 'client', waiting_since: clock.toISOString(), approval_mode: 'internal_then_client' });
    expect((await historyOf(client, item.id)).map((r) => [r.step, r.decision, r.reviewer_name, r.override])).toEqual([['staff', 'approved', 'Max Manager', false]]);
    expect((await notificationsOf(client)).some((n) => n.title === 'Content waiting for your approval')).toBe(true);
    expect(await reviewMailsTo(client)).toHaveLength(1);

    const listed = await api().get('/api/content/?waiting_on=client').set(client.auth);
    expect((listed.body as { results: TContent[] }).results.map((c) => c.id)).toEqual([item.id]);
    const approved = await api().post(`/api/content/${item.id}/client-review/`).set(client.auth).send({ decision: 'approve' });
    expect(approved.body).toMatchObject({ status: 'approved', approved_by_name: 'Tina Twostep' });
  });

  it('two-step: a draft is a draft; submitting it for review waits for the staff, then the client', async () => {
    const client = await clientWithMode('internal_then_client', 'Dora Draft');
    const draft = await created(owner, { client: client.user.client_id, status: 'draft' });
    expect(draft).toMatchObject({ status: 'draft', review_step: null });
    const submitted = await api().post(`/api/content/${draft.id}/submit/`).set(owner.auth).send({});
    expect(submitted.body).toMatchObject({ status: 'pending-approval', review_step: 'staff' });
    const advanced = await api().post(`/api/content/${draft.id}/approve/`).set(manager.auth);
    expect(advanced.body).toMatchObject({ status: 'pending-approval', review_step: 'client' });

    const second = await created(owner, { client: client.user.client_id, status: 'draft' });
    const sent = await api().post(`/api/content/${second.id}/submit/`).set(manager.auth).send({ send_to_client: true });
    expect(sent.body).toMatchObject({ status: 'pending-approval', review_step: 'client' });
    expect(await reviewMailsTo(client)).toHaveLength(2);
  });

  it('two-step: approving outright is refused, except as the owner’s override, which the history names', async () => {
    const client = await clientWithMode('internal_then_client', 'Otto Override');
    const refused = await createAs(owner, { client: client.user.client_id, status: 'approved' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'validation_error', errors: { status: [expect.stringContaining('owner’s override')] } });

    const byManager = await createAs(manager, { client: client.user.client_id, status: 'approved', override_approval: true });
    expect(byManager.status).toBe(403);
    expect(byManager.body.detail).toBe('Only the agency owner can approve content without the review its client’s approval mode asks for.');

    clock = new Date(clock.getTime() + 60_000);
    const item = await created(owner, { client: client.user.client_id, status: 'approved', override_approval: true });
    expect(item).toMatchObject({ status: 'approved', review_step: null, approved_by_name: 'Olive Owner', approved_at: clock.toISOString() });
    expect(await historyOf(client, item.id)).toEqual([
      expect.objectContaining({ step: 'client', decision: 'approved', reviewer_name: 'Olive Owner', via: 'app', override: true, created_at: clock.toISOString() }),
    ]);
    expect(await reviewMailsTo(client)).toHaveLength(0);

    // An edit that approves follows the same rule.
    const draft = await created(owner, { client: client.user.client_id, status: 'draft' });
    expect((await api().patch(`/api/content/${draft.id}/`).set(owner.auth).send({ status: 'approved' })).status).toBe(400);
    expect((await api().patch(`/api/content/${draft.id}/`).set(manager.auth).send({ status: 'posted', override_approval: true })).status).toBe(403);
    const patched = await api().patch(`/api/content/${draft.id}/`).set(owner.auth).send({ status: 'approved', override_approval: true });
    expect(patched.body).toMatchObject({ status: 'approved' });
    expect((await historyOf(owner, draft.id)).map((r) => r.override)).toEqual([true]);
  });

  it('approving a post that waits for the client is the owner’s override; a manager may still reject it', async () => {
    const client = await clientWithMode('internal_then_client', 'Wanda Waiting');
    const item = await created(manager, { client: client.user.client_id, status: 'pending-approval', send_to_client: true });
    const refused = await api().post(`/api/content/${item.id}/approve/`).set(manager.auth);
    expect(refused.status).toBe(403);
    const bulk = await api().post('/api/content/bulk_approve/').set(manager.auth).send({ content_ids: [item.id], action: 'approve' });
    expect(bulk.body).toEqual({ updated: 0 });
    const approved = await api().post(`/api/content/${item.id}/approve/`).set(owner.auth);
    expect(approved.body).toMatchObject({ status: 'approved' });
    expect((await historyOf(owner, item.id)).map((r) => [r.step, r.reviewer_name, r.override])).toEqual([
      ['staff', 'Max Manager', false],
      ['client', 'Olive Owner', true],
    ]);

    const other = await created(manager, { client: client.user.client_id, status: 'pending-approval', send_to_client: true });
    const back = await api().post(`/api/content/${other.id}/reject/`).set(manager.auth).send({ feedback: 'Wrong photo' });
    expect(back.body).toMatchObject({ status: 'draft', feedback: 'Wrong photo' });
  });

  it('"internal" waits for a staff review; "optional" approves staff posts when made; sending to the client needs two-step mode', async () => {
    const internal = await clientWithMode('internal', 'Ivy Internal');
    expect(await created(owner, { client: internal.user.client_id, status: 'pending-approval' })).toMatchObject({ review_step: 'staff' });
    const toClient = await createAs(owner, { client: internal.user.client_id, status: 'pending-approval', send_to_client: true });
    expect(toClient.status).toBe(400);
    expect(Object.keys(toClient.body.errors)).toEqual(['send_to_client']);

    const optional = await clientWithMode('optional', 'Opal Optional');
    expect(await created(manager, { client: optional.user.client_id, status: 'approved' })).toMatchObject({ status: 'approved' });
    expect(await historyOf(owner, (await created(manager, { client: optional.user.client_id, status: 'approved' })).id)).toEqual([]);
  });
});

describe('editing, deleting and dates', () => {
  it('refuses a publishing date in the past on create, edit and submit, naming the field', async () => {
    const client = await clientWithMode('optional', 'Pat Past');
    const yesterday = new Date(clock.getTime() - DAY).toISOString();
    for (const [who, body] of [
      [owner, { client: client.user.client_id, scheduled_date: yesterday }],
      [client, { scheduled_date: yesterday, status: 'draft' }],
    ] as const) {
      const res = await createAs(who, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        detail: 'Choose a date and time in the future.',
        code: 'validation_error',
        errors: { scheduled_date: ['Choose a date and time in the future'] },
      });
    }
    const item = await created(owner, { client: client.user.client_id, status: 'draft', scheduled_date: new Date(clock.getTime() + DAY).toISOString() });
    const edit = await api().patch(`/api/content/${item.id}/`).set(owner.auth).send({ scheduled_date: yesterday });
    expect(edit.status).toBe(400);
    expect(Object.keys(edit.body.errors)).toEqual(['scheduled_date']);
    // Its other fields can still be edited once its date has passed, but it cannot be submitted then.
    clock = new Date(clock.getTime() + 2 * DAY);
    expect((await api().patch(`/api/content/${item.id}/`).set(owner.auth).send({ content: 'Changed words' })).status).toBe(200);
    const late = await api().post(`/api/content/${item.id}/submit/`).set(owner.auth).send({});
    expect(late.status).toBe(400);
    expect(late.body.errors).toEqual({ scheduled_date: ['Choose a date and time in the future'] });
  });

  it('staff edit caption, date and platform; delete a post (others cannot)', async () => {
    const client = await clientWithMode('optional', 'Eddie Edit');
    const other = await clientWithMode('optional', 'Olga Other');
    const item = await created(owner, { client: client.user.client_id, status: 'draft' });
    const edited = await api()
      .patch(`/api/content/${item.id}/`)
      .set(manager.auth)
      .send({ content: 'Fresh words', platform: 'tiktok', scheduled_date: '2030-02-01T10:00:00Z' });
    expect(edited.body).toMatchObject({ content: 'Fresh words', platform: 'tiktok', scheduled_date: '2030-02-01T10:00:00.000Z' });

    expect((await api().delete(`/api/content/${item.id}/`).set(client.auth)).status).toBe(403);
    expect((await api().delete(`/api/content/${item.id}/`).set(other.auth)).status).toBe(403);
    const gone = await api().delete(`/api/content/${item.id}/`).set(manager.auth);
    expect(gone.status).toBe(204);
    expect((await api().get(`/api/content/${item.id}/`).set(owner.auth)).status).toBe(404);
    expect((await api().get(`/api/content/${item.id}/`).set(client.auth)).status).toBe(404);
    expect((await api().delete(`/api/content/${item.id}/`).set(owner.auth)).status).toBe(404);
  });
});

describe("a post's uploaded image or video", () => {
  it('is shown through a signed address: the portal, the staff and the magic review page see the real media', async () => {
    const client = await clientWithMode('internal_then_client', 'Mia Media');
    const image = await upload(owner, PNG, 'bouquet.png', { client: String(client.user.client_id) });
    const item = await created(owner, { client: client.user.client_id, status: 'pending-approval', send_to_client: true, media_file: image.id });
    expect(item.media).toEqual({ id: image.id, kind: 'image', name: 'bouquet.png', content_type: 'image/png', url: expect.stringMatching(/^\/api\/content-media\/\d+\/\?expires=\d+&signature=/) });

    const seen = (await api().get(`/api/content/${item.id}/`).set(client.auth)).body as TContent;
    const bytes = await api().get(seen.media!.url).buffer(true);
    expect(bytes.status).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(bytes.body as Buffer, PNG)).toBe(0);

    // The magic review page shows the same media.
    const [mail] = await reviewMailsTo(client);
    const token = mail!.bodyText.match(/\/review#token=(rvw_[A-Za-z0-9_-]+)/)![1]!;
    const view = (await api().post('/api/review-links/open/').send({ token })).body as TReviewLinkView;
    expect(view.content.media).toMatchObject({ id: image.id, kind: 'image' });
    expect((await api().get(view.content.media!.url)).status).toBe(200);

    // An altered or missing signature, another file's id: not found.
    const url = new URL(seen.media!.url, 'http://x');
    url.searchParams.set('signature', `${url.searchParams.get('signature')!.slice(0, -2)}AA`);
    for (const bad of [`${url.pathname}${url.search}`, `/api/content-media/${image.id}/`, seen.media!.url.replace(`/content-media/${image.id}/`, `/content-media/${image.id + 1}/`)]) {
      const res = await api().get(bad);
      expect(res.status, bad).toBe(404);
      expect(res.body).toMatchObject({ code: 'not_found', detail: 'This media link is not valid or has expired.' });
    }
  });

  it('takes videos, refuses documents and other clients’ files, is removed with null, and old addresses expire', async () => {
    const client = await clientWithMode('optional', 'Vic Video');
    const other = await clientWithMode('optional', 'Nina Neighbour');
    const video = await upload(client, MP4, 'teaser.mp4');
    expect(video.file_type).toBe('video');
    const item = await created(client, { status: 'draft', media_file: video.id });
    expect(item.media).toMatchObject({ kind: 'video', content_type: 'video/mp4', name: 'teaser.mp4' });

    const pdf = await upload(client, PDF, 'brief.pdf');
    const neighbours = await upload(other, PNG, 'theirs.png');
    // Staff may show their own upload of no client, not a colleague's.
    const ownersOwn = await upload(owner, PNG, 'owner-only.png');
    const refusedForManager = await api().patch(`/api/content/${item.id}/`).set(manager.auth).send({ media_file: ownersOwn.id });
    expect(refusedForManager.status).toBe(400);
    expect((await api().patch(`/api/content/${item.id}/`).set(owner.auth).send({ media_file: ownersOwn.id })).status).toBe(200);
    expect((await api().patch(`/api/content/${item.id}/`).set(owner.auth).send({ media_file: video.id })).status).toBe(200);
    for (const fileId of [pdf.id, neighbours.id, 999_999]) {
      const res = await api().patch(`/api/content/${item.id}/`).set(client.auth).send({ media_file: fileId });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual({ media_file: ['Choose an image or video uploaded for this client'] });
    }

    const oldUrl = item.media!.url;
    expect((await api().get(oldUrl)).status).toBe(200);
    clock = new Date(clock.getTime() + 9 * DAY);
    expect((await api().get(oldUrl)).status).toBe(404);
    const fresh = (await api().get(`/api/content/${item.id}/`).set(client.auth)).body as TContent;
    expect((await api().get(fresh.media!.url)).status).toBe(200);

    const removed = await api().patch(`/api/content/${item.id}/`).set(client.auth).send({ media_file: null });
    expect(removed.body.media).toBeNull();
    expect((await api().get(fresh.media!.url)).status).toBe(404);
  });
});
