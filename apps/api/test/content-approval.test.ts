/**
 * Content approval workflows: each client's approval mode (none, optional, internal, internal then client), the
 * history of every step, the client's review in the portal and by magic link (expiry, reuse, tampering,
 * revocation when the post changes, scope), and the staff's approve/reject keeping their meaning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { TApprovalMode, TContent, TContentReview, TContentWaiting, TNotificationList, TReviewLinkView } from '@agency/contract';
import { emailOutbox, socialAccounts } from '../src/db/schema';
import { remindWaitingReviews } from '../src/modules/content/comments.service';
import { subscribeRealtime } from '../src/realtime/listeners';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

const DAY = 86_400_000;
let clock = new Date('2026-11-24T09:00:00Z');
let ctx: TestContext;
let admin: Session;
const api = () => ctx.request();

beforeAll(async () => {
  ctx = await createTestContext({}, { now: () => clock });
  admin = await signUp(ctx, { role: 'admin', name: 'Alex Staff' });
});
afterAll(async () => {
  await ctx?.close();
});

async function clientWithMode(mode: TApprovalMode, name = 'Casey Client'): Promise<Session> {
  const client = await signUp(ctx, { name });
  const res = await api().patch(`/api/clients/${client.user.client_id}/`).set(admin.auth).send({ approval_mode: mode });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.approval_mode).toBe(mode);
  return client;
}

const post = { platform: 'instagram', content: 'Spring bouquets are here', scheduled_date: '2030-04-10T09:00:00Z' };
async function create(who: Session, extra: Record<string, unknown> = {}): Promise<TContent> {
  const res = await api().post('/api/content/').set(who.auth).send({ ...post, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as TContent;
}
const approve = (id: number) => api().post(`/api/content/${id}/approve/`).set(admin.auth);
const historyOf = async (who: Session, id: number) => ((await api().get(`/api/content/${id}/reviews/`).set(who.auth)).body as { results: TContentReview[] }).results;
const notificationsOf = async (who: Session) => ((await api().get('/api/notifications/').set(who.auth)).body as TNotificationList).results;

/** The newest magic link mailed to the client, read from the mail (the only place it exists). */
async function linkMailedTo(client: Session): Promise<string> {
  const [mail] = await ctx.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, client.user.email), eq(emailOutbox.kind, 'review_request')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = mail?.bodyText.match(/\/review#token=(rvw_[A-Za-z0-9_-]+)/)?.[1];
  expect(token, mail?.bodyText).toBeTruthy();
  return token!;
}
const remindersTo = (client: Session) =>
  ctx.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, client.user.email), eq(emailOutbox.kind, 'review_reminder')));
const openLink = (token: string) => api().post('/api/review-links/open/').send({ token });
const decideLink = (token: string, decision: 'approve' | 'reject', feedback?: string) =>
  api().post('/api/review-links/decide/').send({ token, decision, ...(feedback ? { feedback } : {}) });

/** A post staff made for a staff-then-client client, approved by staff: it waits for the client. */
async function waitingForClient(client: Session): Promise<TContent> {
  const item = await create(admin, { client: client.user.client_id });
  const advanced = await approve(item.id);
  expect(advanced.body).toMatchObject({ status: 'pending-approval', review_step: 'client', waiting_since: clock.toISOString() });
  return advanced.body as TContent;
}

describe('approval modes', () => {
  it('new clients are "optional": staff items are approved when made, client items wait for staff', async () => {
    const client = await signUp(ctx);
    expect((await api().get(`/api/clients/${client.user.client_id}/`).set(admin.auth)).body.approval_mode).toBe('optional');
    expect(await create(admin, { client: client.user.client_id })).toMatchObject({ status: 'approved', review_step: null });
    expect(await create(client)).toMatchObject({ status: 'pending-approval', review_step: 'staff', waiting_since: clock.toISOString() });
  });

  it('"none": what the client sends is approved at once, and staff are not asked', async () => {
    const client = await clientWithMode('none', 'Nora None');
    expect(await create(client)).toMatchObject({ status: 'approved', review_step: null, approved_by_name: null });
    const draft = await create(client, { status: 'draft' });
    const submitted = await api().post(`/api/content/${draft.id}/submit/`).set(client.auth);
    expect(submitted.body).toMatchObject({ status: 'approved', review_step: null });
    expect((await notificationsOf(admin)).some((n) => n.message.includes('Nora None submitted'))).toBe(false);
  });

  it('"internal": staff items wait for a staff review too; the approval is recorded with who and when', async () => {
    const client = await clientWithMode('internal');
    const item = await create(admin, { client: client.user.client_id });
    expect(item).toMatchObject({ status: 'pending-approval', review_step: 'staff' });
    clock = new Date(clock.getTime() + 3_600_000);
    expect((await approve(item.id)).body).toMatchObject({ status: 'approved', review_step: null, approved_by_name: 'Alex Staff' });
    expect(await historyOf(client, item.id)).toEqual([
      { id: expect.any(Number), step: 'staff', decision: 'approved', reviewer_name: 'Alex Staff', via: 'app', override: false, feedback: null, created_at: clock.toISOString() },
    ]);
  });

  it('refuses an unknown mode with the field named', async () => {
    const client = await signUp(ctx);
    const res = await api().patch(`/api/clients/${client.user.client_id}/`).set(admin.auth).send({ approval_mode: 'sometimes' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['approval_mode']);
  });
});

describe('staff review, then the client', () => {
  it('two steps: staff approve → the client is asked (mail and notification) → the client approves in the portal', async () => {
    const client = await clientWithMode('internal_then_client', 'Tess Twostep');
    const item = await waitingForClient(client);
    expect((await notificationsOf(client)).some((n) => n.title === 'Content waiting for your approval' && n.link === '#content')).toBe(true);
    await linkMailedTo(client);

    // Still pending for the client's screens, and now theirs to decide.
    const seen = (await api().get(`/api/content/${item.id}/`).set(client.auth)).body as TContent;
    expect(seen).toMatchObject({ status: 'pending-approval', review_step: 'client' });
    clock = new Date(clock.getTime() + DAY);
    const approved = await api().post(`/api/content/${item.id}/client-review/`).set(client.auth).send({ decision: 'approve' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ status: 'approved', review_step: null, waiting_since: null, approved_by_name: 'Tess Twostep' });
    expect((await historyOf(admin, item.id)).map((r) => [r.step, r.decision, r.reviewer_name, r.via])).toEqual([
      ['staff', 'approved', 'Alex Staff', 'app'],
      ['client', 'approved', 'Tess Twostep', 'app'],
    ]);
    expect((await notificationsOf(admin)).some((n) => n.title === 'Tess Twostep approved content')).toBe(true);
  });

  it('the client cannot decide before staff did, nor another client’s item; staff can decide for the client', async () => {
    const client = await clientWithMode('internal_then_client');
    const other = await clientWithMode('internal_then_client');
    const early = await create(client);
    expect(early.review_step).toBe('staff');
    const refused = await api().post(`/api/content/${early.id}/client-review/`).set(client.auth).send({ decision: 'approve' });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('This item is waiting for the agency’s review first.');

    const item = await waitingForClient(client);
    expect((await api().post(`/api/content/${item.id}/client-review/`).set(other.auth).send({ decision: 'approve' })).status).toBe(404);
    expect((await api().get(`/api/content/${item.id}/reviews/`).set(other.auth)).status).toBe(404);
    // Staff approve on the client's behalf: approved, and the client's link stops working.
    const token = await linkMailedTo(client);
    expect((await approve(item.id)).body).toMatchObject({ status: 'approved' });
    expect((await historyOf(admin, item.id)).map((r) => [r.step, r.reviewer_name])).toEqual([
      ['staff', 'Alex Staff'],
      ['client', 'Alex Staff'],
    ]);
    expect((await openLink(token)).status).toBe(404);
  });

  it('a rejection at either step returns the item to draft with the feedback', async () => {
    const client = await clientWithMode('internal_then_client', 'Rita Reject');
    const atStaff = await create(admin, { client: client.user.client_id });
    const rejected = await api().post(`/api/content/${atStaff.id}/reject/`).set(admin.auth).send({ feedback: 'Wrong hashtag' });
    expect(rejected.body).toMatchObject({ status: 'draft', feedback: 'Wrong hashtag', review_step: null });

    const atClient = await waitingForClient(client);
    const back = await api().post(`/api/content/${atClient.id}/client-review/`).set(client.auth).send({ decision: 'reject', feedback: 'Use the tulips photo' });
    expect(back.body).toMatchObject({ status: 'draft', feedback: 'Use the tulips photo', review_step: null });
    expect((await historyOf(client, atClient.id)).at(-1)).toMatchObject({ step: 'client', decision: 'rejected', feedback: 'Use the tulips photo' });
    expect((await notificationsOf(admin)).some((n) => n.title === 'Rita Reject asked for changes' && n.message.includes('Use the tulips photo'))).toBe(true);
  });
});

describe('magic review links', () => {
  it('name the post as the client’s account and list the comments shared with the client, never the internal ones', async () => {
    const client = await clientWithMode('internal_then_client', 'Hana Handle');
    await ctx.deps.db.insert(socialAccounts).values({
      clientId: client.user.client_id!,
      platform: 'instagram',
      providerAccountId: 'review-handle',
      username: 'hanahandle',
      isActive: true,
    });
    const item = await waitingForClient(client);
    await api().post(`/api/content/${item.id}/comments/`).set(admin.auth).send({ body: 'Only for the team: check the budget.', visibility: 'internal' }).expect(201);
    await api().post(`/api/content/${item.id}/comments/`).set(admin.auth).send({ body: 'We went with your spring photo.', visibility: 'shared' }).expect(201);
    await api().post(`/api/content/${item.id}/comments/`).set(client.auth).send({ body: 'Lovely, thanks!' }).expect(201);
    const token = await linkMailedTo(client);

    const view = (await openLink(token)).body as TReviewLinkView;
    expect(view.account_handle).toBe('@hanahandle');
    expect(view.comments.map((c) => [c.author_name, c.from_team, c.body])).toEqual([
      ['Alex Staff', true, 'We went with your spring photo.'],
      ['Hana Handle', false, 'Lovely, thanks!'],
    ]);
    // The portal shows the client the same comments.
    const portal = await api().get(`/api/content/${item.id}/comments/`).set(client.auth);
    expect(portal.body.results.map((c: { body: string }) => c.body)).toEqual(view.comments.map((c) => c.body));
  });

  it('show only their one item and decide it once without signing in', async () => {
    const client = await clientWithMode('internal_then_client', 'Mia Magic');
    const item = await waitingForClient(client);
    const token = await linkMailedTo(client);

    const opened = await openLink(token);
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      agency_name: expect.any(String),
      client_name: 'Mia Magic',
      // No Instagram account connected: the preview names the client; no comments shared yet.
      account_handle: null,
      comments: [],
      reviewer_name: 'Mia Magic',
      expires_at: new Date(clock.getTime() + 30 * DAY).toISOString(),
      content: { id: item.id, platform: 'instagram', content: post.content, image_url: null, media: null, scheduled_date: '2030-04-10T09:00:00.000Z' },
      decided: null,
    } satisfies TReviewLinkView);

    const decided = await decideLink(token, 'reject', 'Too early in the week');
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.decided).toEqual({ decision: 'rejected', at: clock.toISOString() });
    const after = (await api().get(`/api/content/${item.id}/`).set(client.auth)).body as TContent;
    expect(after).toMatchObject({ status: 'draft', feedback: 'Too early in the week' });
    expect((await historyOf(admin, item.id)).at(-1)).toMatchObject({ step: 'client', decision: 'rejected', reviewer_name: 'Mia Magic', via: 'magic_link' });

    // Used up: a second decision is refused; opening it says what was decided.
    const reused = await decideLink(token, 'approve');
    expect(reused.status).toBe(409);
    expect(reused.body.detail).toBe('This review link has already been used.');
    expect((await openLink(token)).body.decided).toEqual({ decision: 'rejected', at: clock.toISOString() });
  });

  it('expire after 30 days; a tampered or unknown token is refused; the token is never part of a URL the API reads', async () => {
    const client = await clientWithMode('internal_then_client');
    await waitingForClient(client);
    const token = await linkMailedTo(client);
    const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    const bad = await openLink(tampered);
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe('This review link is not valid.');
    expect((await decideLink('rvw_' + 'x'.repeat(43), 'approve')).status).toBe(404);
    expect((await api().post('/api/review-links/open/').send({})).status).toBe(400);

    clock = new Date(clock.getTime() + 30 * DAY + 1000);
    const expired = await decideLink(token, 'approve');
    expect(expired.status).toBe(404);
    expect(expired.body.detail).toBe('This review link has expired. Ask the team for a new one.');
  });

  it('stop working when the post changes; the client gets a fresh link for the new version', async () => {
    const client = await clientWithMode('internal_then_client');
    const item = await waitingForClient(client);
    const first = await linkMailedTo(client);
    const edited = await api().patch(`/api/content/${item.id}/`).set(admin.auth).send({ content: 'Spring bouquets, now with tulips' });
    expect(edited.status).toBe(200);
    const old = await openLink(first);
    expect(old.status).toBe(404);
    expect(old.body.detail).toBe('This review link is no longer valid: the post changed or a newer link was sent.');
    const fresh = await linkMailedTo(client);
    expect(fresh).not.toBe(first);
    expect((await openLink(fresh)).body.content.content).toBe('Spring bouquets, now with tulips');
    expect((await decideLink(fresh, 'approve')).body.decided.decision).toBe('approved');
    expect(((await api().get(`/api/content/${item.id}/`).set(admin.auth)).body as TContent).status).toBe('approved');
  });

  it('staff can send a fresh link (the earlier one stops working); only for items waiting for the client', async () => {
    const client = await clientWithMode('internal_then_client');
    const item = await waitingForClient(client);
    const first = await linkMailedTo(client);
    const sent = await api().post(`/api/content/${item.id}/review-link/`).set(admin.auth);
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ sent_to: client.user.email, expires_at: new Date(clock.getTime() + 30 * DAY).toISOString() });
    expect((await openLink(first)).status).toBe(404);
    expect((await openLink(await linkMailedTo(client))).status).toBe(200);

    const notWaiting = await create(admin, { client: client.user.client_id });
    expect((await api().post(`/api/content/${notWaiting.id}/review-link/`).set(admin.auth)).status).toBe(409);
    expect((await api().post(`/api/content/${item.id}/review-link/`).set(client.auth)).status).toBe(403);
  });
});

describe('comments', () => {
  it('internal comments are for staff only: the client never lists them nor is pushed about them', async () => {
    const client = await clientWithMode('internal_then_client', 'Cora Comments');
    const item = await create(admin, { client: client.user.client_id });
    const colleague = await signUp(ctx, { role: 'admin', name: 'Sam Colleague' });
    const pushed: { audience: unknown; type: string }[] = [];
    const offs = subscribeRealtime(ctx.deps.events, (audience, event) => pushed.push({ audience, type: event.type }));

    const internal = await api()
      .post(`/api/content/${item.id}/comments/`)
      .set(admin.auth)
      .send({ body: 'Can we swap the photo before Cora sees it?', mentions: [colleague.user.id] });
    expect(internal.status, JSON.stringify(internal.body)).toBe(201);
    expect(internal.body).toMatchObject({ visibility: 'internal', author_name: 'Alex Staff', author_role: 'admin', mentions: [{ id: colleague.user.id, name: 'Sam Colleague' }] });
    const shared = await api().post(`/api/content/${item.id}/comments/`).set(admin.auth).send({ body: 'Here is the first version.', visibility: 'shared' });
    expect(shared.status).toBe(201);
    for (const off of offs) off();

    const asClient = await api().get(`/api/content/${item.id}/comments/`).set(client.auth);
    expect(asClient.body.results.map((c: { body: string }) => c.body)).toEqual(['Here is the first version.']);
    expect(asClient.body.count).toBe(1);
    const asStaff = await api().get(`/api/content/${item.id}/comments/`).set(admin.auth);
    expect(asStaff.body.results.map((c: { visibility: string }) => c.visibility)).toEqual(['internal', 'shared']);
    // The internal one was pushed to staff only; the shared one to the client's sockets too.
    const commentPushes = pushed.filter((p) => p.type === 'content.changed');
    const clientId = client.user.client_id!;
    expect(commentPushes.map((p) => p.audience)).toEqual([{ staffOf: clientId }, { clientIds: [clientId], staffOf: clientId }]);
    // Notified: the mentioned colleague; the client only of the shared comment.
    expect((await notificationsOf(colleague)).some((n) => n.title === 'Alex Staff mentioned you')).toBe(true);
    const clientNotes = await notificationsOf(client);
    expect(clientNotes.filter((n) => n.title === 'New comment on your content').map((n) => n.message)).toEqual(['Alex Staff: Here is the first version.']);
    expect(JSON.stringify(clientNotes)).not.toContain('swap the photo');
  });

  it('a client comments shared only, can mention staff, and the staff hear of it; bad mentions are refused', async () => {
    const client = await clientWithMode('optional', 'Cleo Client');
    const other = await signUp(ctx);
    const item = await create(client);
    const internal = await api().post(`/api/content/${item.id}/comments/`).set(client.auth).send({ body: 'Secret?', visibility: 'internal' });
    expect(internal.status).toBe(400);
    expect(internal.body.errors).toEqual({ visibility: ['Your comments are shared with the team.'] });
    const made = await api().post(`/api/content/${item.id}/comments/`).set(client.auth).send({ body: 'Could it go out a day later?', mentions: [admin.user.id] });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ visibility: 'shared', author_role: 'client', author_name: 'Cleo Client' });
    expect((await notificationsOf(admin)).some((n) => n.title === 'Cleo Client mentioned you')).toBe(true);

    // Only people who can see the post: never another client; the client's login not in an internal comment.
    const foreign = await api().post(`/api/content/${item.id}/comments/`).set(admin.auth).send({ body: 'x', visibility: 'shared', mentions: [other.user.id] });
    expect(foreign.status).toBe(400);
    const clientInInternal = await api().post(`/api/content/${item.id}/comments/`).set(admin.auth).send({ body: 'x', mentions: [client.user.id] });
    expect(clientInInternal.body.errors).toEqual({ mentions: ['Only staff can be mentioned in an internal comment.'] });
    const mentionable = await api().get(`/api/content/${item.id}/mentionable/`).set(client.auth);
    expect(mentionable.body.results.map((p: { id: number }) => p.id)).toContain(client.user.id);
    expect(mentionable.body.results.map((p: { id: number }) => p.id)).not.toContain(other.user.id);
    expect((await api().get(`/api/content/${item.id}/comments/`).set(other.auth)).status).toBe(404);
    expect((await api().post(`/api/content/${item.id}/comments/`).set(other.auth).send({ body: 'hi' })).status).toBe(404);
    expect((await api().post(`/api/content/${item.id}/comments/`).set(client.auth).send({ body: '   ' })).body.errors).toEqual({ body: ['Write a comment'] });
  });
});

describe('what waits on whom, and reminders', () => {
  it('counts what waits on staff and on clients, oldest first; after 48 hours each wait is reminded once', async () => {
    // Earlier tests left items waiting; measure the change.
    const before = (await api().get('/api/content/waiting/').set(admin.auth)).body as TContentWaiting;
    const client = await clientWithMode('internal_then_client', 'Wade Waiting');
    const onStaff = await create(client);
    const onClient = await waitingForClient(client);
    const firstLink = await linkMailedTo(client);
    const waiting = (await api().get('/api/content/waiting/').set(admin.auth)).body as TContentWaiting;
    expect(waiting.on_staff.count).toBe(before.on_staff.count + 1);
    expect(waiting.on_client.count).toBe(before.on_client.count + 1);
    expect(waiting.clients.filter((c) => c.client === client.user.client_id).map((c) => [c.step, c.count])).toEqual(
      expect.arrayContaining([
        ['staff', 1],
        ['client', 1],
      ]),
    );
    expect((await api().get('/api/content/waiting/').set(client.auth)).status).toBe(403);
    const listed = await api().get('/api/content/').query({ waiting_on: 'client', client: client.user.client_id }).set(admin.auth);
    expect(listed.body.results.map((c: TContent) => c.id)).toEqual([onClient.id]);
    const mine = await api().get('/api/content/').query({ waiting_on: 'staff' }).set(client.auth);
    expect(mine.body.results.map((c: TContent) => c.id)).toEqual([onStaff.id]);

    clock = new Date(clock.getTime() + 47 * 3_600_000);
    await remindWaitingReviews(ctx.deps);
    expect(await remindersTo(client)).toHaveLength(0);
    clock = new Date(clock.getTime() + 2 * 3_600_000);
    await remindWaitingReviews(ctx.deps);
    await remindWaitingReviews(ctx.deps);
    expect(await remindersTo(client)).toHaveLength(1);
    // The reminder carries a fresh link; the first stops working.
    expect((await openLink(firstLink)).status).toBe(404);
    expect((await notificationsOf(admin)).filter((n) => n.title === 'Content waiting for review' && n.message.startsWith("Wade Waiting's"))).toHaveLength(1);
    expect(onStaff.id).not.toBe(onClient.id);
  });
});

describe('guessing links', () => {
  // Last in this file: it spends this IP's attempts.
  it('is limited per IP: past 60 attempts in 10 minutes a 429, whatever the token', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 62; i++) answers.push((await openLink(`rvw_${'guess'.repeat(9)}${i}`)).status);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(answers.filter((s) => s === 404).length).toBeLessThanOrEqual(60);
    const limited = await decideLink(`rvw_${'guess'.repeat(9)}`, 'approve');
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toBe('Too many review link attempts. Please try again in a few minutes.');
  });
});
