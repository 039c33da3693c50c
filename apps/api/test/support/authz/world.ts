/**
 * The people and rows the authorization matrix works on, all made through the API the way users make them:
 * an admin, and two tenants (client A and client B), each a client login with the client record its sign-up
 * created, and each with its own task, content, invoices, messages, notifications and files.
 */
import { randomUUID } from 'node:crypto';
import type supertest from 'supertest';
import type {
  TClientContentForm,
  TContact,
  TContent,
  TCreateOrder,
  TCreateSubscriptionResponse,
  TFile,
  TLead,
  TInviteStaff,
  TClientMember,
  TInviteClientMember,
  TStaffMember,
  TMessage,
  TIntakeForm,
  TNotificationList,
  TOrder,
  TPaymentIntent,
  TPaymentMethods,
  TPromoCode,
  TPromoCodeForm,
  TApiKey,
  TApiKeyCreate,
  TSendToClient,
  TSetupIntent,
  TTask,
  TTaskForm,
  TSession,
} from '@agency/contract';
import type { TestContext } from '../test-app';
import { createClientViaApi, createInvoiceViaApi, signUp, uniqueEmail, type Session } from '../factories';
import { TEST_CARD } from '../route-inputs';
import { passkeys, webhookDeliveries, webhookEndpoints } from '../../../src/db/schema';
import { relyingParty } from '../../../src/modules/auth/passkeys.service';
import { SoftAuthenticator } from '../soft-authenticator';
import { mailedInvite } from '../invites';

export type Role = 'admin' | 'client';
type Auth = Session['auth'];

/** Rows of one tenant. Several exist twice because a route changes them (submit, approve, delete...). */
export interface TenantObjects {
  clientId: number;
  userId: number;
  taskId: number;
  taskToDeleteId: number;
  taskToBulkDeleteId: number;
  /** The client's own draft: read and edited. */
  contentDraftId: number;
  /** Made by the admin for this client (approved). */
  contentByAdminId: number;
  /** Drafts and pending items that one route moves on. */
  contentToSubmitId: number;
  /** A draft staff submit (the client submits its own, contentToSubmitId). */
  contentToSubmitByStaffId: number;
  /** A draft staff delete. */
  contentToDeleteId: number;
  contentToApproveId: number;
  contentToRejectId: number;
  contentToBulkApproveId: number;
  /** Waiting for the client's review (staff approved; the client's mode is staff then client). */
  contentForClientReviewId: number;
  contentForReviewLinkId: number;
  /** Pending; read, downloaded, reminded, and Pay Now started on it (never paid). */
  invoiceId: number;
  invoiceToMarkPaidId: number;
  /** Pending, with a payment of 10 recorded on it (recordInvoicePayment adds one more). */
  invoiceForPaymentsId: number;
  /** A payment recorded on that invoice, for reverseInvoicePayment. */
  paymentToReverseId: number;
  /** A Pay Now payment waiting for its card (of another pending invoice). */
  paymentIntentId: string;
  /** A card setup waiting for its card. */
  setupIntentId: string;
  cardId: string;
  /** Pending, for Pay Now with the saved default card. */
  invoiceForCardId: number;
  cardToDeleteId: string;
  /** The agency's message in the client's thread (the client is its reader). */
  messageFromAgencyId: number;
  /** The client's message to the agency (an admin is its reader). */
  messageFromClientId: number;
  /** Uploaded by the client. */
  fileId: number;
  /** Uploaded by the admin and filed under the client. */
  fileByAdminId: number;
  /** Sandbox social accounts connected through OAuth: read and synced by the client, synced by the admin, disconnected. */
  socialAccountId: number;
  socialAccountSyncedByAdminId: number;
  socialAccountToDisconnectId: number;
  /** A paid storefront order and one of its lines. */
  orderId: number;
  orderLineId: number;
  /** The intake forms the paid order and the Pro subscription asked for (both waiting). */
  orderIntakeId: number;
  subscriptionIntakeId: number;
  /** People of the client's team (their user ids): one whose permission is changed, one invited, one removed. */
  memberToChangeId: number;
  invitedMemberId: number;
  memberToRemoveId: number;
}

/** Rows of one user (not of a tenant): an admin has them too. */
export interface UserObjects {
  notificationId: number;
  notificationToDeleteId: number;
  /** A second session of the user (signed in again), for the route that ends one. */
  sessionToRevokeId: number;
  /** Two passkeys (the admin's and client A's; 0 for the others): one to rename, one to remove. */
  passkeyId: number;
  passkeyToRemoveId: number;
}

export interface Persona {
  label: string;
  role: Role;
  session: Session;
  own: UserObjects;
}

export interface ClientPersona extends Persona {
  role: 'client';
  tenant: TenantObjects;
}

/** Rows of the agency that belong to no tenant. */
export interface AgencyObjects {
  leadId: number;
  leadToConvertId: number;
  clientToArchiveId: number;
  /** A client the agency added, with no portal login yet. */
  clientToInviteId: number;
  promoCodeId: number;
  apiKeyId: number;
  webhookId: number;
  webhookToDeleteId: number;
  webhookDeliveryId: number;
  /** Staff accounts made for the staff routes: invited (not accepted), to have its role changed, to be removed. */
  invitedStaffId: number;
  staffToChangeId: number;
  staffToRemoveId: number;
}

/** Staff below owner: a manager (assigned one tenant's client) or read-only staff. */
export interface StaffPersona extends Persona {
  role: 'admin';
  staffRole: 'manager' | 'read_only';
}

/** A member of a client's team: a client user with a permission narrower than full access. */
export interface MemberPersona extends ClientPersona {
  permission: 'content' | 'billing';
}

export interface World {
  ctx: TestContext;
  /** The owner (the first admin), who reaches every tenant. */
  admin: Persona;
  a: ClientPersona;
  b: ClientPersona;
  /** A manager assigned client A; a manager assigned client B (who must reach none of A's rows); read-only staff. */
  managerA: StaffPersona;
  managerB: StaffPersona;
  readOnly: StaffPersona;
  /** Members of client A's team with content-only and billing-only access (signed in through their invites). */
  contentMemberA: MemberPersona;
  billingMemberA: MemberPersona;
  agency: AgencyObjects;
}

export const TEXT_FILE = Buffer.from('Brief for the authorization matrix.\n', 'utf8');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

function created<T>(res: supertest.Response, what: string): T {
  if (res.status !== 201) throw new Error(`seeding ${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as T;
}

async function postAs<T>(ctx: TestContext, auth: Auth | undefined, path: string, body: object, what: string): Promise<T> {
  let req = ctx.request().post(path);
  if (auth) req = req.set(auth);
  return created<T>(await req.send(body), what);
}

export async function uploadText(ctx: TestContext, auth: Auth, fields: Record<string, string> = {}) {
  let req = ctx.request().post('/api/files/').set(auth);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  return req.attach('file', TEXT_FILE, 'brief.txt');
}

async function seedTenant(ctx: TestContext, admin: Session, client: Session): Promise<TenantObjects> {
  const clientId = client.user.client_id;
  if (clientId === null) throw new Error(`${client.user.email} signed up without a client record`);
  const task = (title: string) =>
    postAs<TTask>(
      ctx,
      admin.auth,
      '/api/tasks/',
      {
        title,
        description: 'Seeded by the authorization matrix',
        client: clientId,
        assigned_to: admin.user.name,
        due_date: inDays(7),
      } satisfies TTaskForm,
      `task ${title}`,
    );
  const clientContent = (status: TClientContentForm['status'], text: string) =>
    postAs<TContent>(
      ctx,
      client.auth,
      '/api/content/',
      { platform: 'instagram', content: text, scheduled_date: inDays(3), status } satisfies TClientContentForm,
      `content ${text}`,
    );
  const fromAgency = (content: string) =>
    postAs<TMessage>(ctx, admin.auth, '/api/messages/send-to-client/', { client_id: clientId, content } satisfies TSendToClient, 'message to client');

  const [task1, task2, task3, draft, toSubmit, toApprove, toReject, toBulk, byAdmin, invoice, toMarkPaid, agencyMsg, , clientMsg, file, adminFile] =
    await Promise.all([
      task('Plan the month'),
      task('Task to delete'),
      task('Task to bulk-delete'),
      clientContent('draft', 'A draft of the client'),
      clientContent('draft', 'A draft to submit'),
      clientContent('pending-approval', 'Waiting for approval'),
      clientContent('pending-approval', 'Waiting for rejection'),
      clientContent('pending-approval', 'Waiting for bulk approval'),
      postAs<TContent>(
        ctx,
        admin.auth,
        '/api/content/',
        { client: clientId, platform: 'tiktok', content: 'Made by the agency', scheduled_date: inDays(5) },
        'content by admin',
      ),
      createInvoiceViaApi(ctx, admin, clientId),
      createInvoiceViaApi(ctx, admin, clientId, { description: 'To be marked paid' }),
      fromAgency('Welcome aboard'),
      // A second message, so the client has notifications to spare.
      fromAgency('Your first report is ready'),
      postAs<TMessage>(ctx, client.auth, '/api/messages/send-to-admin/', { content: 'Hello team' }, 'message to admin'),
      uploadText(ctx, client.auth).then((res) => created<TFile>(res, 'file of the client')),
      uploadText(ctx, admin.auth, { client: String(clientId) }).then((res) => created<TFile>(res, 'file by the admin')),
    ]);
  // Two items waiting for the client's own review: the client's approval mode becomes staff-then-client, and staff approve.
  const [forClientReview, forReviewLink, toSubmitByStaff, toDelete] = await Promise.all([
    clientContent('pending-approval', 'Waiting for the client'),
    clientContent('pending-approval', 'Waiting for a review link'),
    clientContent('draft', 'A draft staff submit'),
    clientContent('draft', 'A draft staff delete'),
  ]);
  const setMode = await ctx.request().patch(`/api/clients/${clientId}/`).set(admin.auth).send({ approval_mode: 'internal_then_client' });
  if (setMode.status !== 200) throw new Error(`seeding the approval mode: ${setMode.status} ${JSON.stringify(setMode.body)}`);
  for (const item of [forClientReview, forReviewLink]) {
    const advanced = await ctx.request().post(`/api/content/${item.id}/approve/`).set(admin.auth);
    if (advanced.body?.review_step !== 'client') throw new Error(`seeding a client review: ${advanced.status} ${JSON.stringify(advanced.body)}`);
  }
  const billing = await seedBilling(ctx, admin, client, clientId);
  const forPayments = await createInvoiceViaApi(ctx, admin, clientId, { description: 'Paid in parts' });
  const toReverse = await postAs<{ payment: { id: number } }>(
    ctx,
    admin.auth,
    `/api/invoices/${forPayments.id}/payments/`,
    { amount: 10, paid_on: new Date().toISOString().slice(0, 10), method: 'bank_transfer', reference: 'MATRIX-1' },
    'recorded payment',
  );
  const [memberToChange, invitedMember, memberToRemove] = await Promise.all([
    inviteMember(ctx, client, 'Changing Member', 'content'),
    inviteMember(ctx, client, 'Invited Member', 'billing'),
    inviteMember(ctx, client, 'Leaving Member', 'content'),
  ]);
  const [socialAccountId, socialAccountSyncedByAdminId, socialAccountToDisconnectId] = await Promise.all(
    ['matrix_read', 'matrix_admin', 'matrix_gone'].map((handle) => connectSandboxAccount(ctx, client, handle)),
  );
  return {
    ...billing,
    memberToChangeId: memberToChange.id,
    invitedMemberId: invitedMember.id,
    memberToRemoveId: memberToRemove.id,
    socialAccountId: socialAccountId!,
    socialAccountSyncedByAdminId: socialAccountSyncedByAdminId!,
    socialAccountToDisconnectId: socialAccountToDisconnectId!,
    clientId,
    userId: client.user.id,
    taskId: task1.id,
    taskToDeleteId: task2.id,
    taskToBulkDeleteId: task3.id,
    contentDraftId: draft.id,
    contentByAdminId: byAdmin.id,
    contentToSubmitId: toSubmit.id,
    contentToSubmitByStaffId: toSubmitByStaff.id,
    contentToDeleteId: toDelete.id,
    contentToApproveId: toApprove.id,
    contentToRejectId: toReject.id,
    contentToBulkApproveId: toBulk.id,
    contentForClientReviewId: forClientReview.id,
    contentForReviewLinkId: forReviewLink.id,
    invoiceId: invoice.id,
    invoiceToMarkPaidId: toMarkPaid.id,
    invoiceForPaymentsId: forPayments.id,
    paymentToReverseId: toReverse.payment.id,
    messageFromAgencyId: agencyMsg.id,
    messageFromClientId: clientMsg.id,
    fileId: file.id,
    fileByAdminId: adminFile.id,
  };
}

/** Connects a sandbox Instagram account the way the web does: initiate, the consent page's code, callback. */
async function connectSandboxAccount(ctx: TestContext, client: Session, handle: string): Promise<number> {
  const start = await ctx.request().get('/api/oauth/instagram/initiate/').set(client.auth);
  const grant = new URL(start.body.oauth_url).searchParams.get('grant');
  const done = await ctx.request().post('/api/oauth/instagram/callback/').set(client.auth).send({ code: `${grant}.${handle}`, state: start.body.state });
  if (done.status !== 200) throw new Error(`seeding a social account failed: ${done.status} ${JSON.stringify(done.body)}`);
  return done.body.id as number;
}

/**
 * The client's billing at the sandbox provider: a running Pro plan paid by card, a second saved card, a Pay Now
 * payment and a card setup that wait for their card.
 */
async function seedBilling(ctx: TestContext, admin: Session, client: Session, clientId: number) {
  const send = async <T>(method: 'post' | 'get', path: string, body: object | undefined, what: string): Promise<T> => {
    const req = ctx.request()[method](path).set(client.auth);
    const res = await (body ? req.send(body) : req);
    if (res.status >= 300) throw new Error(`seeding ${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body as T;
  };
  const started = await send<TCreateSubscriptionResponse>('post', '/api/billing/create-subscription/', { price_id: 'price_pro_monthly', plan_name: 'Pro' }, 'subscription');
  await send('post', '/api/billing/confirm-payment/', { payment_intent_id: started.payment_intent_id, ...TEST_CARD }, 'first payment');
  const addCard = async (card_number: string) => {
    const setup = await send<TSetupIntent>('post', '/api/billing/create-setup-intent/', undefined, 'setup intent');
    await send('post', '/api/billing/confirm-setup/', { setup_intent_id: setup.setup_intent_id, ...TEST_CARD, card_number }, 'saved card');
  };
  await addCard('5555555555554444');
  await addCard('6011111111111117');
  const cards = (await send<TPaymentMethods>('get', '/api/billing/payment-methods/', undefined, 'cards')).results;
  const toPay = await createInvoiceViaApi(ctx, admin, clientId, { description: 'Paid by the matrix' });
  const forCard = await createInvoiceViaApi(ctx, admin, clientId, { description: 'Paid with a saved card by the matrix' });
  const intent = await send<TPaymentIntent>('post', `/api/invoices/${toPay.id}/pay/`, {}, 'pay now');
  const setup = await send<TSetupIntent>('post', '/api/billing/create-setup-intent/', undefined, 'setup intent');
  // A storefront order, paid by card.
  const order = await send<TOrder>('post', '/api/orders/', { lines: [{ package_id: 'ig-starter', quantity: 1, target: '@matrix' }] } satisfies TCreateOrder, 'order');
  const orderIntent = await send<TPaymentIntent>('post', '/api/billing/create-payment-intent/', { order_id: order.id }, 'order payment');
  await send('post', '/api/billing/confirm-payment/', { payment_intent_id: orderIntent.payment_intent_id, ...TEST_CARD }, 'order paid');
  const intakes = (await send<{ results: TIntakeForm[] }>('get', '/api/intake-forms/', undefined, 'intake forms')).results;
  const intakeOf = (pick: (f: TIntakeForm) => boolean) => {
    const form = intakes.find(pick);
    if (!form) throw new Error(`seeding: an intake form is missing: ${JSON.stringify(intakes)}`);
    return form.id;
  };
  return {
    orderIntakeId: intakeOf((f) => f.order === order.id),
    subscriptionIntakeId: intakeOf((f) => f.subscription !== null),
    orderId: order.id,
    orderLineId: order.lines[0]!.id,
    paymentIntentId: intent.payment_intent_id,
    setupIntentId: setup.setup_intent_id,
    cardId: cards.find((c) => c.last4 === '4444')!.id,
    invoiceForCardId: forCard.id,
    cardToDeleteId: cards.find((c) => c.last4 === '1117')!.id,
  };
}

/** The software authenticators holding the seeded passkeys, by user id: they finish a sign-in's second step. */
const authenticators = new Map<number, SoftAuthenticator>();

/** Two passkeys of the user, stored as a registration would (the matrix renames one and removes the other). */
async function seedPasskeys(ctx: TestContext, session: Session): Promise<{ passkeyId: number; passkeyToRemoveId: number }> {
  const rp = relyingParty(ctx.deps);
  const authenticator = new SoftAuthenticator(rp.origin);
  authenticators.set(session.user.id, authenticator);
  const rows = await ctx.deps.db
    .insert(passkeys)
    .values(['Matrix laptop', 'Matrix phone'].map((name) => ({ userId: session.user.id, name, ...authenticator.credentialFor(rp.id, session.user.id) })))
    .returning({ id: passkeys.id });
  return { passkeyId: rows[0]!.id, passkeyToRemoveId: rows[1]!.id };
}

/** The second step of a sign-in of a user with seeded passkeys: answered by its authenticator. */
async function finishWithPasskey(ctx: TestContext, session: Session, challenge: string): Promise<string> {
  const authenticator = authenticators.get(session.user.id);
  if (!authenticator) throw new Error(`sign-in of ${session.user.email} asks for a second factor the world does not hold`);
  const options = await ctx.request().post('/api/auth/login/second-factor/passkey/options/').send({ challenge });
  const res = await ctx.request().post('/api/auth/login/second-factor/passkey/').send({ challenge, response: authenticator.assert(options.body.options) });
  if (res.status !== 200) throw new Error(`second step of ${session.user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { token: string }).token;
}

/** Two notifications of the user (seeding gives every user several: messages, invoices, leads). */
async function ownObjects(ctx: TestContext, session: Session): Promise<UserObjects> {
  const res = await ctx.request().get('/api/notifications/').set(session.auth);
  const list = res.body as TNotificationList;
  const [first, second] = list.results ?? [];
  if (res.status !== 200 || !first || !second) {
    throw new Error(`seeding: ${session.user.email} has fewer than two notifications: ${res.status} ${JSON.stringify(res.body)}`);
  }
  return { notificationId: first.id, notificationToDeleteId: second.id, sessionToRevokeId: await spareSessionId(ctx, session), passkeyId: 0, passkeyToRemoveId: 0 };
}

/** Signs the user in once more; answers that session's id (from its own list of sessions). */
async function spareSessionId(ctx: TestContext, session: Session): Promise<number> {
  const spare = await secondSession(ctx, session);
  const res = await ctx.request().get('/api/auth/sessions/').set(spare.auth);
  const current = (res.body as { results?: TSession[] }).results?.find((s) => s.current);
  if (res.status !== 200 || !current) throw new Error(`seeding: ${session.user.email} has no spare session: ${res.status} ${JSON.stringify(res.body)}`);
  return current.id;
}

async function leadId(ctx: TestContext, admin: Session, subject: string): Promise<number> {
  const res = await ctx.request().get('/api/leads/').query({ search: subject }).set(admin.auth);
  const lead = (res.body as { results?: TLead[] }).results?.find((l) => l.subject === subject);
  if (!lead) throw new Error(`seeding: lead ${subject} not found: ${res.status} ${JSON.stringify(res.body)}`);
  return lead.id;
}

export async function seedWorld(ctx: TestContext): Promise<World> {
  const admin = await signUp(ctx, { role: 'admin' });
  const [clientA, clientB] = await Promise.all([
    signUp(ctx, { name: 'Client A', company: 'A Co' }),
    signUp(ctx, { name: 'Client B', company: 'B Co' }),
  ]);
  const contact = (subject: string): TContact => ({
    name: 'Pat Prospect',
    email: 'pat.prospect@example.test',
    subject,
    message: 'We would like a quote.',
  });
  const [tenantA, tenantB, archivable, invitable] = await Promise.all([
    seedTenant(ctx, admin, clientA),
    seedTenant(ctx, admin, clientB),
    createClientViaApi(ctx, admin, { name: 'Brand To Archive' }),
    createClientViaApi(ctx, admin, { name: 'Brand To Invite' }),
    postAs(ctx, undefined, '/api/contact/', contact('Matrix lead'), 'lead'),
    postAs(ctx, undefined, '/api/contact/', contact('Matrix lead to convert'), 'lead'),
  ]);
  const promo = await postAs<TPromoCode>(ctx, admin.auth, '/api/promo-codes/', { code: 'MATRIX10', percent_off: 10 } satisfies TPromoCodeForm, 'promo code');
  const apiKey = await postAs<{ api_key: TApiKey }>(ctx, admin.auth, '/api/api-keys/', { name: 'Matrix key', scopes: { clients: 'read' }, expires_in_days: 30 } satisfies TApiKeyCreate, 'API key');
  const [ownAdmin, ownA, ownB, lead, leadToConvert] = await Promise.all([
    ownObjects(ctx, admin),
    ownObjects(ctx, clientA),
    ownObjects(ctx, clientB),
    leadId(ctx, admin, 'Matrix lead'),
    leadId(ctx, admin, 'Matrix lead to convert'),
  ]);
  // After their spare sessions: from here on their sign-ins take a second step (finishWithPasskey).
  Object.assign(ownAdmin, await seedPasskeys(ctx, admin));
  Object.assign(ownA, await seedPasskeys(ctx, clientA));
  const [managerA, managerB, readOnly] = await Promise.all([
    staffPersona(ctx, admin, 'manager of A', 'manager', tenantA.clientId),
    staffPersona(ctx, admin, 'manager of B', 'manager', tenantB.clientId),
    staffPersona(ctx, admin, 'read-only staff', 'read_only', null),
  ]);
  const [contentMemberA, billingMemberA] = await Promise.all([
    memberPersona(ctx, clientA, tenantA, 'content'),
    memberPersona(ctx, clientA, tenantA, 'billing'),
  ]);
  // Two messages of the agency to A: every person of A's team is notified (the members' own rows).
  for (const content of ['Welcome to the team', 'A second note']) {
    await postAs(ctx, admin.auth, '/api/messages/send-to-client/', { client_id: tenantA.clientId, content }, 'message');
  }
  contentMemberA.own = await ownObjects(ctx, contentMemberA.session);
  billingMemberA.own = await ownObjects(ctx, billingMemberA.session);
  return {
    ctx,
    admin: { label: 'admin', role: 'admin', session: admin, own: ownAdmin },
    contentMemberA,
    billingMemberA,
    managerA,
    managerB,
    readOnly,
    a: { label: 'client A', role: 'client', session: clientA, own: ownA, tenant: tenantA },
    b: { label: 'client B', role: 'client', session: clientB, own: ownB, tenant: tenantB },
    agency: {
      leadId: lead,
      leadToConvertId: leadToConvert,
      clientToArchiveId: archivable.id,
      clientToInviteId: invitable.id,
      promoCodeId: promo.id,
      apiKeyId: apiKey.api_key.id,
      ...(await seedWebhooks(ctx)),
      ...(await seedStaff(ctx, admin)),
    },
  };
}

/**
 * A staff member of a role below owner: signed up (an owner at first), given the role by the owner, assigned a
 * client when a manager, and given two notifications of its own (tasks assigned to it).
 */
async function staffPersona(
  ctx: TestContext,
  owner: Session,
  label: string,
  staffRole: StaffPersona['staffRole'],
  managesClientId: number | null,
): Promise<StaffPersona> {
  const session = await signUp(ctx, { role: 'admin', name: label.replace(/[^A-Za-z ]/g, '') });
  const changed = await ctx.request().patch(`/api/admin/staff/${session.user.id}/`).set(owner.auth).send({ staff_role: staffRole });
  if (changed.status !== 200) throw new Error(`seeding: role of ${label}: ${changed.status} ${JSON.stringify(changed.body)}`);
  const clientId = managesClientId ?? (await createClientViaApi(ctx, owner, { name: `Client of ${label}` })).id;
  if (managesClientId !== null) {
    const assigned = await ctx.request().patch(`/api/clients/${clientId}/`).set(owner.auth).send({ account_manager_id: session.user.id });
    if (assigned.status !== 200) throw new Error(`seeding: assigning ${label}: ${assigned.status} ${JSON.stringify(assigned.body)}`);
  }
  for (const title of ['First task', 'Second task']) {
    await postAs<TTask>(ctx, owner.auth, '/api/tasks/', {
      title: `${title} of ${label}`,
      description: 'Seeded by the authorization matrix',
      client: clientId,
      assigned_to: session.user.name,
      assigned_to_user: session.user.id,
      due_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    } satisfies TTaskForm, 'task');
  }
  return { label, role: 'admin', staffRole, session, own: await ownObjects(ctx, session) };
}

/** Invites a person to a client's team through the API; answers the member as listed. */
async function inviteMember(ctx: TestContext, client: Session, name: string, permission: TClientMember['permission']): Promise<TClientMember> {
  return postAs<TClientMember>(ctx, client.auth, '/api/team/members/', { email: uniqueEmail(name.toLowerCase().replace(/\W+/g, '.')), name, permission } satisfies TInviteClientMember, 'team invite');
}

/** A member of the client's team who accepted the invite (signed in with the session the acceptance answers). */
async function memberPersona(ctx: TestContext, client: Session, tenant: TenantObjects, permission: 'content' | 'billing'): Promise<MemberPersona> {
  const member = await inviteMember(ctx, client, `Member ${permission}`, permission);
  const { token } = await mailedInvite(ctx, member.email);
  const res = await ctx.request().post('/api/auth/invites/accept/').send({ token, password: 'Member-passw0rd' });
  if (res.status !== 200) throw new Error(`seeding: accepting ${member.email}: ${res.status} ${JSON.stringify(res.body)}`);
  const answer = res.body as { token: string; user: Session['user'] };
  const session: Session = { ...answer, password: 'Member-passw0rd', auth: { Authorization: `Token ${answer.token}` } };
  return { label: `${permission}-only member of A`, role: 'client', permission, session, own: { notificationId: 0, notificationToDeleteId: 0, sessionToRevokeId: 0, passkeyId: 0, passkeyToRemoveId: 0 }, tenant };
}

/** Staff rows for the staff routes, invited through the API. */
async function seedStaff(ctx: TestContext, admin: Session) {
  const invite = (first: string, staffRole: TInviteStaff['staff_role']) =>
    postAs<TStaffMember>(ctx, admin.auth, '/api/admin/staff/', { email: uniqueEmail(first.toLowerCase()), first_name: first, staff_role: staffRole } satisfies TInviteStaff, 'staff invite');
  const [invited, toChange, toRemove] = await Promise.all([invite('Invited', 'manager'), invite('Changing', 'manager'), invite('Leaving', 'read_only')]);
  return { invitedStaffId: invited.id, staffToChangeId: toChange.id, staffToRemoveId: toRemove.id };
}

/** A new token for the same user (a second sign-in), to spend on a route that revokes it. */
export async function secondSession(ctx: TestContext, session: Session): Promise<Session> {
  const res = await ctx.request().post('/api/auth/login/').send({ email: session.user.email, password: session.password });
  if (res.status !== 200) throw new Error(`sign-in of ${session.user.email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  const token = (res.body as { token?: string }).token ?? (await finishWithPasskey(ctx, session, (res.body as { challenge: string }).challenge));
  return { ...session, token, auth: { Authorization: `Token ${token}` } };
}

/** A brand-new user of the role (a client gets its own client record), for routes that change or delete the caller. */
export function throwawayUser(ctx: TestContext, role: Role): Promise<Session> {
  return signUp(ctx, role === 'admin' ? { role: 'admin', name: 'Throwaway Admin' } : { name: 'Throwaway Client' });
}

/** Two endpoints (one for the delete route) and a delivery, written directly: registering checks the URL's DNS. */
async function seedWebhooks(ctx: TestContext) {
  const endpoint = (url: string) => ({ url, events: ['invoice.paid' as const], secretEncrypted: 'v1.unreadable' });
  const [kept, toDelete] = await ctx.deps.db
    .insert(webhookEndpoints)
    .values([endpoint('https://hooks.matrix.test/kept'), endpoint('https://hooks.matrix.test/deleted')])
    .returning({ id: webhookEndpoints.id });
  const [delivery] = await ctx.deps.db
    .insert(webhookDeliveries)
    .values({ endpointId: kept!.id, eventId: randomUUID(), eventType: 'ping', body: '{}', status: 'failed' })
    .returning({ id: webhookDeliveries.id });
  return { webhookId: kept!.id, webhookToDeleteId: toDelete!.id, webhookDeliveryId: delivery!.id };
}
