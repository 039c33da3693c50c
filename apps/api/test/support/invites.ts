import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/db/schema';
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
