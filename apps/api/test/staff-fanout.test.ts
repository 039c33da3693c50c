/**
 * A message to the agency notifies every staff member, and the sender waits for that fan-out (the request
 * answers with its side effects done). Found by the fuzzer (pnpm fuzz, whose throwaway admins piled up):
 * with a few hundred staff the answer took 4–9 s, two statements per notification to record its event and four
 * more to dispatch it. Events are now recorded in one insert and the ones no listener handles are dispatched
 * together, so the answer stays well inside the fuzzer's 5 s limit.
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, notifications, users } from '../src/db/schema';
import { signUp, type Session } from './support/factories';
import { createTestContext, type TestContext } from './support/test-app';

const STAFF = 400;

let ctx: TestContext;
let client: Session;
beforeAll(async () => {
  ctx = await createTestContext();
  client = await signUp(ctx, { name: 'Fran Fanout' });
  // A large staff, written at once (signing up 400 people through the API would be most of this test's time).
  await ctx.deps.db.insert(users).values(
    Array.from({ length: STAFF }, (_, i) => ({
      email: `staff.${i}@fanout.test`,
      username: `staff.${i}@fanout.test`,
      firstName: 'Staff',
      lastName: String(i),
      role: 'admin' as const,
      staffRole: 'owner' as const,
      passwordHash: 'not-a-real-hash',
    })),
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe('a message to a large staff', () => {
  it(`notifies all ${STAFF} staff members, pushes each notification, and answers within the fuzzer's 5 s`, async () => {
    const pushed: number[] = [];
    const off = ctx.deps.events.on('notification.created', ({ userId }: { userId: number }) => void pushed.push(userId));
    const started = performance.now();
    const res = await ctx.request().post('/api/messages/send-to-admin/').set(client.auth).send({ content: 'Hello everyone' });
    const ms = performance.now() - started;
    off();
    expect(res.status).toBe(201);
    expect(ms).toBeLessThan(5_000);
    const [notified] = await ctx.deps.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.message, 'Fran Fanout: Hello everyone'));
    expect(notified?.n).toBe(STAFF);
    expect(new Set(pushed).size).toBe(STAFF);
    const [waiting] = await ctx.deps.db
      .select({ n: count() })
      .from(domainEvents)
      .where(and(eq(domainEvents.name, 'notification.created'), isNull(domainEvents.dispatchedAt)));
    expect(waiting?.n).toBe(0);
  }, 60_000);
});

