/**
 * The portal's Settings of a client and its team: the profile and its avatar, notification settings per kind
 * (messages, content to review, invoices and payments, growth reports) in the app and by e-mail, honoured where
 * notifications are stored and e-mails queued, and the client's billing details, printed on its invoices.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TClientMember, TNotificationList } from '@agency/contract';
import { emailOutbox } from '../src/db/schema';
import { orderReceiptMail } from '../src/modules/mail';
import { MESSAGE_MAIL_QUIET_MINUTES } from '../src/modules/notifications/notification-table';
import { sendDueMonthlyReports } from '../src/modules/analytics/report-schedule.service';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { invitedTeamMember } from './support/invites';
import { binaryBody, pdfText } from './support/pdf-text';
import { PNG_PIXEL } from './support/route-inputs';
import { createTestContext, type TestContext } from './support/test-app';

let ctx: TestContext;
let admin: Session;
let clock = new Date();
const api = () => ctx.request();

/** Invites a member of `by`'s team with a permission and signs them in through the invite. */
const member = (by: Session, name: string, permission: TClientMember['permission']) => invitedTeamMember(ctx, by, name, permission);

const titles = async (who: Session) => ((await api().get('/api/notifications/').set(who.auth)).body as TNotificationList).results.map((n) => n.title);
/** The e-mails of the kinds these settings switch that went to `who` (an account's own mails, like the address check, aside). */
const SWITCHED_KINDS = ['invoice_created', 'invoice_reminder', 'payment_failed', 'message', 'review_request', 'monthly_report'];
const mailKinds = async (who: Session) =>
  (await ctx.deps.db.select({ kind: emailOutbox.kind }).from(emailOutbox).where(eq(emailOutbox.toAddress, who.user.email)))
    .map((m) => m.kind)
    .filter((kind) => SWITCHED_KINDS.includes(kind));
/** The e-mails to the person were queued longer ago than a message e-mail's quiet time (the database's clock). */
const quietPeriodOver = async (who: Session) =>
  ctx.deps.db
    .update(emailOutbox)
    .set({ createdAt: sql`now() - make_interval(mins => ${MESSAGE_MAIL_QUIET_MINUTES + 1})` })
    .where(eq(emailOutbox.toAddress, who.user.email));
const savePrefs = async (who: Session, body: Record<string, boolean>) => {
  const res = await api().put('/api/notifications/preferences/').set(who.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, boolean>;
};

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.test' }, { now: () => clock });
  admin = await signUp(ctx, { role: 'admin', name: 'Ada Admin' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('profile and avatar', () => {
  let client: Session;
  beforeAll(async () => {
    client = await signUp(ctx, { name: 'Pia Profile', company: 'Pia Prints' });
  });

  it('changes the name and company (PATCH /auth/me/), as the header shows them', async () => {
    const res = await api().patch('/api/auth/me/').set(client.auth).send({ first_name: 'Pia', last_name: 'Prentice', company: 'Prentice Prints' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Pia Prentice', first_name: 'Pia', last_name: 'Prentice', company: 'Prentice Prints' });
    expect((await api().get('/api/auth/me/').set(client.auth)).body).toMatchObject({ name: 'Pia Prentice', company: 'Prentice Prints' });
  });

  it('sets an uploaded image as the avatar, at a signed address anyone with it can show; a replaced one stops working', async () => {
    const res = await api().post('/api/auth/me/avatar/').set(client.auth).attach('file', PNG_PIXEL, 'me.png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = res.body.avatar as string;
    expect(first).toMatch(/^\/api\/avatars\/\d+\/\?signature=[\w-]+$/);
    expect((await api().get('/api/auth/me/').set(client.auth)).body.avatar).toBe(first);
    // <img> sends no token: the address itself is the key.
    const image = await api().get(first).buffer(true).parse(binaryBody);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.body as Buffer, PNG_PIXEL)).toBe(0);
    // A guessed or altered address is not found.
    expect((await api().get(first.replace(/signature=.*/, 'signature=forged'))).status).toBe(404);
    expect((await api().get(first.replace(/\?.*/, ''))).status).toBe(404);
    // Staff see it beside the client.
    const listed = await api().get(`/api/clients/${client.user.client_id}/`).set(admin.auth);
    expect(listed.body.user_avatar).toBe(first);

    const replaced = await api().post('/api/auth/me/avatar/').set(client.auth).attach('file', PNG_PIXEL, 'again.png');
    expect(replaced.body.avatar).not.toBe(first);
    expect((await api().get(first)).status).toBe(404);
    expect((await api().get(replaced.body.avatar as string)).status).toBe(200);

    const removed = await api().delete('/api/auth/me/avatar/').set(client.auth);
    expect(removed.status).toBe(200);
    expect(removed.body.avatar).toBeNull();
    expect((await api().get(replaced.body.avatar as string)).status).toBe(404);
  });

  it('refuses what is not an image (by content, whatever its name), an oversized one and a missing file, on the file field', async () => {
    const text = await api().post('/api/auth/me/avatar/').set(client.auth).attach('file', Buffer.from('not a picture\n'), 'photo.png');
    expect(text.status).toBe(400);
    expect(text.body.errors.file).toEqual(['Choose a PNG, JPEG, GIF or WebP image.']);
    const pdf = await api().post('/api/auth/me/avatar/').set(client.auth).attach('file', Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n'), 'me.png');
    expect(pdf.status).toBe(400);
    const big = Buffer.concat([PNG_PIXEL, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await api().post('/api/auth/me/avatar/').set(client.auth).attach('file', big, 'big.png');
    expect(large.status).toBe(413);
    expect(large.body.errors.file).toEqual(['The image must be smaller than 2 MB.']);
    const none = await api().post('/api/auth/me/avatar/').set(client.auth).field('nothing', 'here');
    expect(none.status).toBe(400);
    expect(none.body.errors.file).toBeDefined();
    expect((await api().get('/api/auth/me/').set(client.auth)).body.avatar).toBeNull();
    expect((await api().post('/api/auth/me/avatar/').attach('file', PNG_PIXEL, 'me.png')).status).toBe(401);
  });
});

describe('notification settings per kind', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await signUp(ctx, { name: 'Nora Notified', company: 'Nora Nurseries' });
  });

  it('a client reads and saves every kind, in the app and by e-mail; invoice e-mails are one setting under both names', async () => {
    const initial = (await api().get('/api/notifications/preferences/').set(owner.auth)).body;
    expect(initial).toMatchObject({ app_messages: true, email_messages: true, app_content: true, email_content: true, app_billing: true, email_billing: true, app_reports: true, email_reports: true });
    const saved = await savePrefs(owner, { email_billing: false });
    expect(saved).toMatchObject({ email_billing: false, email_invoices: false, app_billing: true, email_messages: true });
    expect(await savePrefs(owner, { email_invoices: true })).toMatchObject({ email_billing: true, email_invoices: true });
  });

  it('staff keep their own settings: their invoice e-mails are not the per-kind ones', async () => {
    const staff = await signUp(ctx, { role: 'admin', name: 'Stu Staff' });
    const saved = await savePrefs(staff, { email_invoices: false });
    expect(saved).toMatchObject({ email_invoices: false, email_billing: true, push_notifications: false });
  });

  it('"In the app" off: that kind is not stored (nor pushed); other kinds still are', async () => {
    await savePrefs(owner, { app_billing: false });
    await createInvoiceViaApi(ctx, admin, owner.user.client_id!, { amount: 90 });
    await api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: owner.user.client_id, content: 'Invoice is out' });
    const seen = await titles(owner);
    expect(seen).not.toContain('New invoice');
    expect(seen).toContain('New message');
    // The e-mail of that kind still goes: only the app was turned off.
    expect(await mailKinds(owner)).toContain('invoice_created');

    await savePrefs(owner, { app_billing: true, app_messages: false });
    await createInvoiceViaApi(ctx, admin, owner.user.client_id!, { amount: 91 });
    await api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: owner.user.client_id, content: 'Second note' });
    const after = (await api().get('/api/notifications/').set(owner.auth)).body as TNotificationList;
    expect(after.results.filter((n) => n.title === 'New invoice')).toHaveLength(1);
    expect(after.results.filter((n) => n.title === 'New message')).toHaveLength(1);
    await savePrefs(owner, { app_messages: true });
  });

  it('"By e-mail" off: that kind is not e-mailed; other kinds still are', async () => {
    const client = await signUp(ctx, { name: 'Ema Emailed' });
    await api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: client.user.client_id, content: 'Welcome aboard' });
    const [welcome] = await ctx.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, client.user.email), eq(emailOutbox.kind, 'message')));
    expect(welcome).toMatchObject({ subject: expect.stringContaining('New message from') });
    expect(welcome!.bodyText).toContain('Welcome aboard');
    expect(welcome!.bodyText).toContain('https://portal.example.test/dashboard#messages');

    await savePrefs(client, { email_messages: false });
    await api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: client.user.client_id, content: 'Quiet now' });
    await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 40 });
    expect((await mailKinds(client)).sort()).toEqual(['invoice_created', 'message']);
    // The app still tells of it.
    expect(await titles(client)).toContain('New message');

    await savePrefs(client, { email_messages: true, email_billing: false });
    await createInvoiceViaApi(ctx, admin, client.user.client_id!, { amount: 41 });
    await quietPeriodOver(client);
    await api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: client.user.client_id, content: 'Loud again' });
    expect((await mailKinds(client)).sort()).toEqual(['invoice_created', 'message', 'message']);
    // A client's own message is not e-mailed back to it.
    await api().post('/api/messages/send-to-admin/').set(client.auth).send({ content: 'Thanks' });
    expect(await mailKinds(client)).toHaveLength(3);
  });

  it('a burst of messages from the team is one e-mail; a priority message is always e-mailed; after the quiet time the next one is', async () => {
    const client = await signUp(ctx, { name: 'Bea Burst' });
    const send = (content: string, priority = false) =>
      api().post('/api/messages/send-to-client/').set(admin.auth).send({ client_id: client.user.client_id, content, priority });
    const messageMails = async () =>
      (await ctx.deps.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, client.user.email), eq(emailOutbox.kind, 'message'))).orderBy(emailOutbox.id)).map(
        (m) => m.bodyText,
      );
    for (const content of ['First of three', 'Second of three', 'Third of three']) expect((await send(content)).status).toBe(201);
    expect(await messageMails()).toEqual([expect.stringContaining('First of three')]);
    await send('Your account is locked', true);
    expect(await messageMails()).toEqual([expect.stringContaining('First of three'), expect.stringContaining('Your account is locked')]);
    // Every message still reaches the portal at once.
    expect((await titles(client)).filter((t) => t === 'New message' || t === 'New priority message')).toHaveLength(4);

    await quietPeriodOver(client);
    await send('Back after lunch');
    expect(await messageMails()).toHaveLength(3);
    expect((await messageMails())[2]).toContain('Back after lunch');
  });

  it('content to review: the review link is not e-mailed to a person who turned content e-mails off, nor notified in the app when that is off', async () => {
    const client = await signUp(ctx, { name: 'Rey Reviewer' });
    const reviewer = await member(client, 'Cal Content', 'content');
    await savePrefs(reviewer, { email_content: false });
    await savePrefs(client, { app_content: false });
    expect((await api().patch(`/api/clients/${client.user.client_id}/`).set(admin.auth).send({ approval_mode: 'internal_then_client' })).status).toBe(200);
    const item = await api().post('/api/content/').set(admin.auth).send({ client: client.user.client_id, content: 'Spring post', scheduled_date: '2031-03-01T09:00:00Z' });
    expect((await api().post(`/api/content/${item.body.id as number}/approve/`).set(admin.auth)).status).toBe(200);
    expect(await mailKinds(client)).toContain('review_request');
    expect(await mailKinds(reviewer)).not.toContain('review_request');
    expect(await titles(reviewer)).toContain('Content waiting for your approval');
    expect(await titles(client)).not.toContain('Content waiting for your approval');
  });

  it('growth reports: the scheduled report is not e-mailed when report e-mails are off; the app tells of it unless that is off', async () => {
    const quiet = await signUp(ctx, { name: 'Quincy Quiet' });
    const loud = await signUp(ctx, { name: 'Lou Loud' });
    await savePrefs(quiet, { email_reports: false });
    await savePrefs(loud, { app_reports: false });
    for (const who of [quiet, loud]) {
      expect((await api().put(`/api/analytics/client/${who.user.client_id}/report-schedule/`).set(admin.auth).send({ enabled: true })).status).toBe(200);
    }
    const start = clock;
    clock = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1, 0, 10));
    try {
      await sendDueMonthlyReports(ctx.deps);
    } finally {
      clock = start;
    }
    expect(await mailKinds(quiet)).not.toContain('monthly_report');
    expect(await titles(quiet)).toContain('Your growth report is ready');
    expect(await mailKinds(loud)).toContain('monthly_report');
    expect(await titles(loud)).not.toContain('Your growth report is ready');
  });

  it('a receipt prints the billing details, whatever the e-mail settings (it is not switchable)', () => {
    const mail = orderReceiptMail(
      'buyer@example.test',
      { orderId: 7, clientId: 1, clientName: 'Bea Buyer', total: 120, invoiceNumber: 'INV-7', lines: [], subtotal: 120, discount: 0, tax: 0 },
      {
        agency: 'Orbit Growth',
        billingLink: undefined,
        now: new Date(),
        billTo: { name: 'Bea Buyer', company: 'Bea Bakery', billingAddress: '1 Oven Lane\nCrumbton 12345', taxId: 'GB123456789' },
      },
    );
    expect(mail.text).toContain('Billed to:\nBea Buyer\nBea Bakery\n1 Oven Lane\nCrumbton 12345\nTax ID: GB123456789');
  });
});

describe('billing details', () => {
  let owner: Session;
  let other: Session;
  let content: Session;
  let billing: Session;
  beforeAll(async () => {
    owner = await signUp(ctx, { name: 'Bo Billed', company: 'Bo Bakery' });
    other = await signUp(ctx, { name: 'Ott Other', company: 'Other Outfitters' });
    content = await member(owner, 'Cora Content', 'content');
    billing = await member(owner, 'Bill Billing', 'billing');
  });

  it('the client reads and saves its own; staff see and edit them on the client', async () => {
    expect((await api().get('/api/clients/me/billing_details/').set(owner.auth)).body).toEqual({ billing_address: null, tax_id: null });
    const saved = await api()
      .put('/api/clients/me/billing_details/')
      .set(owner.auth)
      .send({ billing_address: '  12 Flour Street \r\nUnit 4\n\nBakeville 4021 ', tax_id: ' DE 123/456-789 ' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ billing_address: '12 Flour Street\nUnit 4\n\nBakeville 4021', tax_id: 'DE 123/456-789' });
    expect((await api().get('/api/clients/me/billing_details/').set(owner.auth)).body).toEqual(saved.body);
    const asStaff = await api().get(`/api/clients/${owner.user.client_id}/`).set(admin.auth);
    expect(asStaff.body).toMatchObject(saved.body);
    const edited = await api().patch(`/api/clients/${owner.user.client_id}/`).set(admin.auth).send({ tax_id: 'DE 999' });
    expect(edited.body).toMatchObject({ tax_id: 'DE 999', billing_address: saved.body.billing_address });
    expect((await api().get('/api/clients/me/billing_details/').set(owner.auth)).body.tax_id).toBe('DE 999');
  });

  it('a blank value clears it; bad values are refused on their field', async () => {
    const cleared = await api().put('/api/clients/me/billing_details/').set(other.auth).send({ billing_address: '   ', tax_id: '' });
    expect(cleared.body).toEqual({ billing_address: null, tax_id: null });
    const bad = await api().put('/api/clients/me/billing_details/').set(other.auth).send({ billing_address: Array(10).fill('line').join('\n'), tax_id: 'DE<script>' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.billing_address).toEqual(['At most 8 lines']);
    expect(bad.body.errors.tax_id).toEqual(['Use letters A–Z, digits, spaces, dots, dashes and slashes']);
    const long = await api().put('/api/clients/me/billing_details/').set(other.auth).send({ billing_address: null, tax_id: 'X'.repeat(65) });
    expect(long.body.errors.tax_id).toEqual(['At most 64 characters']);
    const staffBad = await api().patch(`/api/clients/${other.user.client_id}/`).set(admin.auth).send({ tax_id: 'a'.repeat(65) });
    expect(staffBad.status).toBe(400);
  });

  it('is the caller’s own client’s: another client sees only its own; a billing member shares the owner’s; content-only members are refused', async () => {
    expect((await api().get('/api/clients/me/billing_details/').set(other.auth)).body).toEqual({ billing_address: null, tax_id: null });
    expect((await api().get('/api/clients/me/billing_details/').set(billing.auth)).body.tax_id).toBe('DE 999');
    const byMember = await api().put('/api/clients/me/billing_details/').set(billing.auth).send({ billing_address: '12 Flour Street\nBakeville 4021', tax_id: 'DE 123456789' });
    expect(byMember.status).toBe(200);
    expect((await api().get('/api/clients/me/billing_details/').set(owner.auth)).body).toEqual(byMember.body);
    for (const req of [api().get('/api/clients/me/billing_details/'), api().put('/api/clients/me/billing_details/').send({ billing_address: 'x', tax_id: null })]) {
      const res = await req.set(content.auth);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('permission_denied');
    }
    expect((await api().get('/api/clients/me/billing_details/').set(admin.auth)).status).toBe(403);
    expect((await api().get('/api/clients/me/billing_details/')).status).toBe(401);
  });

  it('invoices show them: in the invoice (JSON) and on its PDF under Bill to', async () => {
    const invoice = await createInvoiceViaApi(ctx, admin, owner.user.client_id!, { amount: 250 });
    const json = await api().get(`/api/invoices/${invoice.id}/`).set(owner.auth);
    expect(json.body).toMatchObject({ client_billing_address: '12 Flour Street\nBakeville 4021', client_tax_id: 'DE 123456789' });
    const pdf = await api().get(`/api/invoices/${invoice.id}/pdf/`).set(owner.auth).buffer(true).parse(binaryBody);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toMatch(/BILL TO\nBo Billed\nBo Bakery\n12 Flour Street\nBakeville 4021\nTax ID: DE 123456789/);
    // Another client's invoice PDF prints none of it.
    const theirs = await createInvoiceViaApi(ctx, admin, other.user.client_id!, { amount: 10 });
    const otherText = pdfText((await api().get(`/api/invoices/${theirs.id}/pdf/`).set(other.auth).buffer(true).parse(binaryBody)).body as Buffer);
    expect(otherText).not.toContain('Tax ID');
    expect(otherText).not.toContain('Flour Street');
  });
});
