/**
 * Client teams: a client (its own login, full access) invites people with a permission — full, content only or
 * billing only — by e-mail with a one-time sign-in link; every client route holds each member to its permission,
 * notifications follow it, and the team is managed by full access only. The route-by-route refusals are in
 * authz-matrix.test.ts; this file checks what each member does and sees.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClientMember, TNotificationList, TUser } from '@agency/contract';
import { emailOutbox } from '../src/db/schema';
import { SESSION_CACHE_TTL_MS } from '../src/modules/auth/session-cache';
import { createInvoiceViaApi, signUp, uniqueEmail, type Session } from './support/factories';
import { createTestContext, type TestContext } from './support/test-app';
import { invitedTeamMember, mailedInvite } from './support/invites';

let ctx: TestContext;
let admin: Session;
let owner: Session;
let other: Session;
const api = () => ctx.request();

/** Invites a member as `by` and signs them in through the invite. */
const member = (by: Session, name: string, permission: TClientMember['permission']) => invitedTeamMember(ctx, by, name, permission);

const notificationTitles = async (who: Session) => ((await api().get('/api/notifications/').set(who.auth)).body as TNotificationList).results.map((n) => n.title);

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.test' });
  admin = await signUp(ctx, { role: 'admin', name: 'Ada Admin' });
  owner = await signUp(ctx, { name: 'Cora Client', company: 'Cora Coffee' });
  other = await signUp(ctx, { name: 'Otto Other', company: 'Otto Outfitters' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('inviting a team', () => {
  it('the client invites a person with a permission; the e-mail says what for; the link signs them in to the same client', async () => {
    const email = uniqueEmail('sam');
    const res = await api().post('/api/team/members/').set(owner.auth).send({ email, name: 'Sam Rivera', permission: 'content' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Sam Rivera', email, permission: 'content', is_primary: false, invite_pending: true });
    const { token, text } = await mailedInvite(ctx, email);
    expect(text).toContain('Cora Client invited you to join the team of Cora Coffee in the');
    expect(text).toContain('(content only)');
    const view = await api().post('/api/auth/invites/open/').send({ token });
    expect(view.body.role_label).toBe('Cora Coffee team member (content only)');
    const accepted = await api().post('/api/auth/invites/accept/').send({ token, password: 'A-long-passphrase' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ role: 'client', client_id: owner.user.client_id, client_permission: 'content', staff_role: null });
    const team = await api().get('/api/team/members/').set(owner.auth);
    expect(team.body.results.map((m: TClientMember) => [m.name, m.permission, m.is_primary, m.invite_pending])).toEqual([
      ['Cora Client', 'full', true, false],
      ['Sam Rivera', 'content', false, false],
    ]);
  });

  it('refuses a taken e-mail, a bad permission, and team changes by anyone without full access', async () => {
    const taken = await api().post('/api/team/members/').set(owner.auth).send({ email: other.user.email, name: 'Otto', permission: 'billing' });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.email).toEqual(['A user with this email already exists.']);
    const bad = await api().post('/api/team/members/').set(owner.auth).send({ email: uniqueEmail('x'), name: 'X', permission: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.permission).toEqual(['Choose full access, content only or billing only']);
    const writer = await member(owner, 'Wren Writer', 'content');
    const denied = await api().get('/api/team/members/').set(writer.auth);
    expect(denied.status).toBe(403);
    expect(denied.body.detail).toBe("This is for people with full access to the account. Ask the account's owner if you need it.");
    expect((await api().post('/api/team/members/').set(admin.auth).send({ email: uniqueEmail('y'), name: 'Y', permission: 'full' })).status).toBe(403);
  });

  it('keeps the own login and oneself out of reach, and another client’s member out of sight', async () => {
    const deputy = await member(owner, 'Dee Deputy', 'full');
    const primary = await api().patch(`/api/team/members/${owner.user.id}/`).set(deputy.auth).send({ permission: 'content' });
    expect(primary.status).toBe(400);
    expect(primary.body.detail).toBe('The account’s own login always has full access and stays on the team.');
    const self = await api().patch(`/api/team/members/${deputy.memberId}/`).set(deputy.auth).send({ permission: 'content' });
    expect(self.status).toBe(400);
    const othersMember = await member(other, 'Ozzy', 'content');
    expect((await api().patch(`/api/team/members/${othersMember.memberId}/`).set(owner.auth).send({ permission: 'billing' })).status).toBe(404);
    expect((await api().delete(`/api/team/members/${othersMember.memberId}/`).set(owner.auth)).status).toBe(404);
  });
});

describe('what each member reaches', () => {
  let content: Session & { memberId: number };
  let billing: Session & { memberId: number };
  beforeAll(async () => {
    content = await member(owner, 'Cass Content', 'content');
    billing = await member(owner, 'Bill Billing', 'billing');
  });

  it('content only: the content, its drafts and comments; not invoices, payments, plans or orders', async () => {
    const draft = await api().post('/api/content/').set(content.auth).send({ content: 'Autumn menu', scheduled_date: '2030-09-01T09:00:00Z', status: 'draft' });
    expect(draft.status).toBe(201);
    expect(draft.body.client).toBe(owner.user.client_id);
    const list = await api().get('/api/content/').set(owner.auth);
    expect(list.body.results.map((c: { id: number }) => c.id)).toContain(draft.body.id);
    for (const path of ['/api/invoices/', '/api/billing/subscription/', '/api/orders/', '/api/billing/payment-methods/']) {
      const res = await api().get(path).set(content.auth);
      expect(res.status, path).toBe(403);
      expect(res.body.detail).toBe("This is for people with access to billing. Ask the account's owner if you need it.");
    }
  });

  it('billing only: invoices and their PDFs; not the content', async () => {
    const invoice = await createInvoiceViaApi(ctx, admin, owner.user.client_id!, { amount: 320 });
    const list = await api().get('/api/invoices/').set(billing.auth);
    expect(list.status).toBe(200);
    expect(list.body.results.map((i: { id: number }) => i.id)).toContain(invoice.id);
    expect((await api().get(`/api/invoices/${invoice.id}/pdf/`).set(billing.auth)).status).toBe(200);
    const contentList = await api().get('/api/content/').set(billing.auth);
    expect(contentList.status).toBe(403);
    // The data export holds what the permission reaches.
    const exported = await api().get('/api/auth/export/').set(billing.auth);
    expect(Object.keys(exported.body.data)).toEqual(expect.arrayContaining(['invoices', 'subscriptions', 'messages']));
    expect(exported.body.data.content).toBeUndefined();
    const contentExport = await api().get('/api/auth/export/').set(content.auth);
    expect(contentExport.body.data.content.length).toBeGreaterThan(0);
    expect(contentExport.body.data.invoices).toBeUndefined();
  });

  it('every member talks to the agency in the client’s one thread, and reads the overview', async () => {
    const sent = await api().post('/api/messages/send-to-admin/').set(billing.auth).send({ content: 'Question about the invoice' });
    expect(sent.status).toBe(201);
    expect(sent.body.client).toBe(owner.user.client_id);
    const thread = await api().get('/api/messages/').set(content.auth);
    expect(thread.body.results.map((m: { content: string }) => m.content)).toContain('Question about the invoice');
    const stats = await api().get('/api/dashboard/client-stats/').set(content.auth);
    expect(stats.status).toBe(200);
    // The next payment is billing's business.
    expect(stats.body).toMatchObject({ next_payment_amount: null, next_payment_invoice_id: null });
    expect((await api().get('/api/dashboard/client-stats/').set(billing.auth)).body.next_payment_invoice_id).not.toBeNull();
  });

  it('notifications follow the permission: invoices reach billing, not content; messages reach everyone', async () => {
    await createInvoiceViaApi(ctx, admin, owner.user.client_id!, { amount: 180 });
    await api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: owner.user.client_id, content: 'Hello team' });
    const [forContent, forBilling, forOwner] = await Promise.all([notificationTitles(content), notificationTitles(billing), notificationTitles(owner)]);
    expect(forBilling).toContain('New invoice');
    expect(forOwner).toContain('New invoice');
    expect(forContent).not.toContain('New invoice');
    for (const titles of [forContent, forBilling, forOwner]) expect(titles).toContain('New message');
  });

  it('content waiting for the client: every person who reviews content gets a link of their own; billing gets none', async () => {
    expect((await api().patch(`/api/clients/${owner.user.client_id}/`).set(admin.auth).send({ approval_mode: 'internal_then_client' })).status).toBe(200);
    const item = await api().post('/api/content/').set(admin.auth).send({ client: owner.user.client_id, content: 'Winter wreaths', scheduled_date: '2030-12-01T09:00:00Z' });
    expect((await api().post(`/api/content/${item.body.id as number}/approve/`).set(admin.auth)).status).toBe(200);
    const mailsTo = (who: Session) =>
      ctx.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, who.user.email), eq(emailOutbox.kind, 'review_request')));
    const [toOwner, toContent, toBilling] = await Promise.all([mailsTo(owner), mailsTo(content), mailsTo(billing)]);
    expect(toOwner).toHaveLength(1);
    expect(toContent).toHaveLength(1);
    expect(toContent[0]!.bodyText).toContain('Hello Cass Content,');
    expect(toBilling).toHaveLength(0);
    // The member decides with their own link; the decision is theirs in the history.
    const token = toContent[0]!.bodyText.match(/\/review#token=(rvw_[A-Za-z0-9_-]+)/)![1]!;
    const decided = await api().post('/api/review-links/decide/').send({ token, decision: 'approve' });
    expect(decided.status).toBe(200);
    const history = await api().get(`/api/content/${item.body.id as number}/reviews/`).set(owner.auth);
    expect(history.body.results.at(-1)).toMatchObject({ step: 'client', decision: 'approved', reviewer_name: 'Cass Content', via: 'magic_link' });
  });

  it('a permission change and a removal take effect on the next request', async () => {
    const changed = await api().patch(`/api/team/members/${content.memberId}/`).set(owner.auth).send({ permission: 'billing' });
    expect(changed.status).toBe(200);
    expect(changed.body.permission).toBe('billing');
    await new Promise((r) => setTimeout(r, Math.min(SESSION_CACHE_TTL_MS, 50)));
    expect((await api().get('/api/content/').set(content.auth)).status).toBe(403);
    expect((await api().get('/api/invoices/').set(content.auth)).status).toBe(200);
    expect(((await api().get('/api/auth/me/').set(content.auth)).body as TUser).client_permission).toBe('billing');
    expect((await api().delete(`/api/team/members/${billing.memberId}/`).set(owner.auth)).status).toBe(204);
    expect((await api().get('/api/auth/me/').set(billing.auth)).status).toBe(401);
    const team = await api().get('/api/team/members/').set(owner.auth);
    expect(team.body.results.map((m: TClientMember) => m.id)).not.toContain(billing.memberId);
  });
});
