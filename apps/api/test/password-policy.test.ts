/**
 * The password policy (issue 28, ASVS 5.0 6.2.4, 6.2.11): every route that sets a new password refuses a common
 * password and one made of the person's or the agency's words, on the route's own password field, and takes a
 * strong passphrase. Links are read from the mails the API queued, as in account-links.test.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { PASSWORD_COMMON, PASSWORD_HAS_CONTEXT_WORDS } from '../src/modules/auth/password-policy';
import { signUp, uniqueEmail, type Session } from './support/factories';
import { mailedInvite } from './support/invites';
import { resetJobsDone } from './support/password-reset-jobs';
import { createTestContext, type TestContext } from './support/test-app';

/** The agency's real name, as its owner sets it in Settings → Agency. */
const AGENCY = 'Brightwave Studio';
const STRONG = 'Velvet-tram-orbits-quietly';

let ctx: TestContext;
let owner: Session;
const api = () => ctx.request();

/** What each route must refuse for a person of this first name, with the message it answers. */
const refusedFor = (firstName: string): [string, string][] => [
  ['password123', PASSWORD_COMMON],
  ['qwertyuiop', PASSWORD_COMMON],
  [`${firstName}1987`, PASSWORD_HAS_CONTEXT_WORDS],
  [`${AGENCY.replace(/ /g, '')}2026`, PASSWORD_HAS_CONTEXT_WORDS],
];

function expectRefused(res: { status: number; body: { code?: string; detail?: string; errors?: Record<string, string[]> } }, field: string, message: string, password: string) {
  expect(res.status, `${password}: ${JSON.stringify(res.body)}`).toBe(400);
  expect(res.body.code).toBe('validation_error');
  expect(res.body.detail).toBe(message);
  expect(res.body.errors).toEqual({ [field]: [message] });
}

/** The forgot-password link mailed to an address (its job looks the account up and mails). */
async function resetToken(email: string): Promise<string> {
  await resetJobsDone(ctx, email);
  const [mail] = await ctx.deps.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'password_reset')))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  const token = mail?.bodyText.match(/\/reset-password#token=(pwr_[A-Za-z0-9_-]{43})/)?.[1];
  expect(token, `a reset link mailed to ${email}`).toBeDefined();
  return token!;
}

beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://portal.example.test' }, { runJobs: true });
  owner = await signUp(ctx, { role: 'admin', name: 'Olive Owner', password: STRONG });
  const named = await api().put('/api/agency/').set(owner.auth).send({ name: AGENCY, email: 'hello@brightwave.example', invoice_prefix: 'BW-' });
  expect(named.status, JSON.stringify(named.body)).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

describe('password policy', () => {
  it('sign-up refuses common and context passwords on `password`, and takes a strong passphrase', async () => {
    const register = (password: string) =>
      api().post('/api/auth/register/').send({ email: uniqueEmail('theodora'), password, name: 'Theodora Blackwood', role: 'client', company: 'Blackwood Bakery' });
    for (const [password, message] of refusedFor('Theodora')) expectRefused(await register(password), 'password', message, password);
    // The e-mail's local part and the company count as the person's words too.
    expectRefused(await register('Blackwood-Bakery-99'), 'password', PASSWORD_HAS_CONTEXT_WORDS, 'Blackwood-Bakery-99');
    expect((await register(STRONG)).status).toBe(201);
  });

  it('changing the password refuses them on `new_password`, and takes a strong passphrase', async () => {
    const who = await signUp(ctx, { name: 'Leopold Ashcombe' });
    const change = (new_password: string) => api().post('/api/auth/change-password/').set(who.auth).send({ current_password: who.password, new_password });
    for (const [password, message] of refusedFor('Leopold')) expectRefused(await change(password), 'new_password', message, password);
    const changed = await change(STRONG);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await api().post('/api/auth/login/').send({ email: who.user.email, password: STRONG })).status).toBe(200);
  });

  it('a reset link refuses them on `new_password` (the link stays usable), and takes a strong passphrase', async () => {
    const who = await signUp(ctx, { name: 'Marguerite Fairleigh' });
    expect((await api().post('/api/auth/password-reset/').send({ email: who.user.email })).status).toBe(202);
    const token = await resetToken(who.user.email);
    const reset = (new_password: string) => api().post('/api/auth/password-reset/confirm/').send({ token, new_password });
    for (const [password, message] of refusedFor('Marguerite')) expectRefused(await reset(password), 'new_password', message, password);
    const done = await reset(STRONG);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect((await api().post('/api/auth/login/').send({ email: who.user.email, password: STRONG })).status).toBe(200);
  });

  it('accepting an invite refuses them on `password` (the invite stays usable), and takes a strong passphrase', async () => {
    const email = uniqueEmail('rosalind');
    const invited = await api().post('/api/admin/staff/').set(owner.auth).send({ email, first_name: 'Rosalind', last_name: 'Whitfield', staff_role: 'manager' });
    expect(invited.status, JSON.stringify(invited.body)).toBe(201);
    const { token } = await mailedInvite(ctx, email);
    const accept = (password: string) => api().post('/api/auth/invites/accept/').send({ token, password });
    for (const [password, message] of refusedFor('Rosalind')) expectRefused(await accept(password), 'password', message, password);
    expectRefused(await accept('Whitfield!2026'), 'password', PASSWORD_HAS_CONTEXT_WORDS, 'Whitfield!2026');
    const accepted = await accept(STRONG);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.user).toMatchObject({ email, staff_role: 'manager' });
  });

  it('a dead link is refused as such before its password is judged', async () => {
    const res = await api().post('/api/auth/password-reset/confirm/').send({ token: `pwr_${'x'.repeat(43)}`, new_password: 'password123' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['token']);
  });
});
