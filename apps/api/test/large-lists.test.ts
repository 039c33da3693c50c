/**
 * Lists past the counting cap: more than COUNT_CAP matching rows answer count = COUNT_CAP with count_capped (a
 * search counts only to SEARCH_COUNT_CAP), and paging goes on by `next` until the rows run out; searches through the client's name (an id subquery that keeps
 * the trigram indexes usable) find the same rows as before.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, SEARCH_COUNT_CAP } from '@agency/contract';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session } from './support/factories';

let ctx: TestContext;
let admin: Session;
let acme: Session;
let blue: Session;

interface ListBody {
  count: number;
  count_capped?: boolean;
  next: string | null;
  previous: string | null;
  results: { id: number; title?: string; client_name?: string }[];
}

async function get(path: string, session: Session): Promise<ListBody> {
  const res = await ctx.request().get(path).set(session.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as ListBody;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin' });
  acme = await signUp(ctx, { name: 'Acme Bakery' });
  blue = await signUp(ctx, { name: 'Blue Fitness' });
  // COUNT_CAP + 25 tasks for Acme, 3 for Blue, written in SQL (the API would take minutes).
  await ctx.deps.db.execute(sql`
    insert into tasks (title, description, client_id, assigned_to, priority, status, due_date)
    select 'Bulk task ' || g, 'generated', ${acme.user.client_id}, 'Sam', 'low', 'pending', now() + g * interval '1 minute'
    from generate_series(1, ${COUNT_CAP + 25}) g`);
  await ctx.deps.db.execute(sql`
    insert into tasks (title, description, client_id, assigned_to, priority, status, due_date)
    select 'Gym plan ' || g, 'generated', ${blue.user.client_id}, 'Sam', 'high', 'review', now()
    from generate_series(1, 3) g`);
});

afterAll(async () => {
  await ctx?.close();
});

describe('a list with more rows than the counting cap', () => {
  it('counts up to the cap and says so; pages go on past it while they are full', async () => {
    const first = await get('/api/tasks/?page_size=200', admin);
    expect(first.count).toBe(COUNT_CAP);
    expect(first.count_capped).toBe(true);
    expect(first.next).toContain('page=2');

    // The page after the counted ones still has rows: next is there while a page is full.
    const pastCap = await get(`/api/tasks/?page_size=200&page=${COUNT_CAP / 200 + 1}`, admin);
    expect(pastCap.results).toHaveLength(28);
    expect(pastCap.count_capped).toBe(true);
    expect(pastCap.next).toBeNull();
    expect(pastCap.previous).toContain(`page=${COUNT_CAP / 200}`);
  });

  it('counts exactly, without count_capped, when a filter brings the matches under the cap', async () => {
    const review = await get('/api/tasks/?status=review', admin);
    expect(review.count).toBe(3);
    expect(review).not.toHaveProperty('count_capped');
    expect(review.next).toBeNull();
  });

  it('counts a search only to the search cap, and its pages go on past it', async () => {
    const bulk = await get('/api/tasks/?search=bulk&page_size=100', admin);
    expect(bulk.count).toBe(SEARCH_COUNT_CAP);
    expect(bulk.count_capped).toBe(true);
    const pastCap = await get(`/api/tasks/?search=bulk&page_size=100&page=${SEARCH_COUNT_CAP / 100 + 1}`, admin);
    expect(pastCap.results).toHaveLength(100);
    expect(pastCap.results.every((t) => t.title?.startsWith('Bulk task'))).toBe(true);
    expect(pastCap.next).toContain(`page=${SEARCH_COUNT_CAP / 100 + 2}`);
    // Under the search cap the count is exact.
    const gym = await get('/api/tasks/?search=gym', admin);
    expect(gym.count).toBe(3);
    expect(gym).not.toHaveProperty('count_capped');
  });

  it("a search matches the client's name as well as the task's own text", async () => {
    const byClient = await get('/api/tasks/?search=blue%20fit', admin);
    expect(byClient.count).toBe(3);
    expect(byClient.results.every((t) => t.client_name === 'Blue Fitness')).toBe(true);
    const last = `Bulk task ${COUNT_CAP + 25}`;
    const byTitle = await get(`/api/tasks/?search=${encodeURIComponent(last)}`, admin);
    expect(byTitle.count).toBe(1);
    expect(byTitle.results[0]?.title).toBe(last);
  });
});
