import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import { PASSWORD_RESET_JOB } from '../../src/modules/auth';
import type { TestContext } from './test-app';

/**
 * Waits until every forgot-password job for the address has run (the request only records it; a job looks the
 * account up and mails, so the answer takes as long for any address).
 */
export async function resetJobsDone(ctx: TestContext, email: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const result = await ctx.deps.db.execute(
        sql`select count(*)::int as waiting from pgboss.job where name = ${PASSWORD_RESET_JOB} and data->>'email' = ${email.toLowerCase()} and state <> 'completed'`,
      );
      expect((result as unknown as { rows: { waiting: number }[] }).rows[0]!.waiting).toBe(0);
    },
    { timeout: 30_000, interval: 100 },
  );
}
