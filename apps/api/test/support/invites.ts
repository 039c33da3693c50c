import { and, desc, eq } from 'drizzle-orm';
import type { TClientMember } from '@agency/contract';
import { emailOutbox } from '../../src/db/schema';
import { uniqueEmail, type Session } from './factories';
import type { TestContext } from './test-app';

/**
 * The newest invite e-mailed to `email` and its one-time token (read from the mail, the only place it exists).
 * Waits a little for the e-mail: the invite's listener writes it after the inviting request commits.
 */
export async function mailedInvite(ctx: TestContext, email: string): Promise<{ token: string; text: string }> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const [mail] = await ctx.deps.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.kind, 'invite')))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const token = mail?.bodyText.match(/\/welcome#token=(inv_[A-Za-z0-9_-]+)/)?.[1];
    if (mail && token) return { token, text: mail.bodyText };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no invite e-mail to ${email}`);
}

/**
 * A person `by` invites to their client team with a permission, signed in through the invite (the session the
 * acceptance answers); `memberId` is the member's id as the team lists it.
 */
export async function invitedTeamMember(
  ctx: TestContext,
  by: Session,
  name: string,
  permission: TClientMember['permission'],
): Promise<Session & { memberId: number }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '.'));
  const invited = await ctx.request().post('/api/team/members/').set(by.auth).send({ email, name, permission });
  if (invited.status !== 201) throw new Error(`inviting ${email}: ${invited.status} ${JSON.stringify(invited.body)}`);
  const { token } = await mailedInvite(ctx, email);
  const password = 'Member-passw0rd';
  const accepted = await ctx.request().post('/api/auth/invites/accept/').send({ token, password });
  if (accepted.status !== 200) throw new Error(`accepting the invite of ${email}: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { ...accepted.body, password, auth: { Authorization: `Token ${accepted.body.token as string}` }, memberId: invited.body.id as number };
}
