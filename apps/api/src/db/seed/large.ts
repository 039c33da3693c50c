import { sql } from 'drizzle-orm';
import type { Db } from '../types';

/**
 * A large agency on top of the demo data, to check that every list stays fast. Rows are generated in SQL
 * (generate_series), so even the full size loads in seconds. Two sizes: `full` (what the benchmark's budgets are
 * about) and `small` (about a thousand rows per table: the reference a list at full size is compared with).
 */
export interface LargeSizes {
  clients: number;
  tasks: number;
  content: number;
  invoices: number;
  socialAccounts: number;
  /** Daily metric snapshots per social account. */
  snapshotDays: number;
  orders: number;
}

export const LARGE_PROFILES = {
  full: { clients: 10_000, tasks: 100_000, content: 100_000, invoices: 100_000, socialAccounts: 1_000, snapshotDays: 365, orders: 10_000 },
  small: { clients: 1_000, tasks: 1_000, content: 1_000, invoices: 1_000, socialAccounts: 100, snapshotDays: 365, orders: 1_000 },
} as const satisfies Record<string, LargeSizes>;
export type LargeProfile = keyof typeof LARGE_PROFILES;

const LARGE_CLIENT_IDS = sql`(select array_agg(id order by id) from clients where email like '%@large.example')`;

export async function seedLarge(db: Db, sizes: LargeSizes): Promise<void> {
  await db.execute(sql`
    insert into clients (name, email, company, package, monthly_fee, status, payment_status, account_manager, created_at)
    select 'Client ' || g, 'client' || g || '@large.example', 'Company ' || (g % 2000),
           (array['starter','growth','professional','enterprise'])[1 + g % 4],
           (array[1500,3000,5000,8000])[1 + g % 4],
           (array['active','active','pending','paused'])[1 + g % 4],
           (array['paid','paid','pending','overdue'])[1 + g % 4],
           'Alex Morgan', now() - (g % 365) * interval '1 day'
    from generate_series(1, ${sizes.clients}) g`);

  await db.execute(sql`
    with ids as (select ${LARGE_CLIENT_IDS} as a)
    insert into tasks (title, description, client_id, assigned_to, priority, status, due_date, created_at, updated_at)
    select 'Task ' || g || ': ' || (array['Reel edit','Story set','Caption review','Hashtag research','Monthly report'])[1 + g % 5],
           'Generated task number ' || g,
           ids.a[1 + g % array_length(ids.a, 1)], 'Alex Morgan',
           (array['low','medium','high'])[1 + g % 3],
           (array['pending','in-progress','review','completed'])[1 + g % 4],
           now() + ((g % 120) - 60) * interval '1 day', now() - (g % 365) * interval '1 day', now()
    from generate_series(1, ${sizes.tasks}) g, ids`);

  await db.execute(sql`
    with ids as (select ${LARGE_CLIENT_IDS} as a)
    insert into content_items (client_id, platform, content, scheduled_date, status, review_step, waiting_since, engagement_rate, created_at, updated_at)
    select ids.a[1 + g % array_length(ids.a, 1)],
           (array['instagram','tiktok','youtube','facebook','twitter','linkedin'])[1 + g % 6],
           'Generated post ' || g || ' about spring launches and behind-the-scenes stories',
           now() + ((g % 200) - 100) * interval '1 day',
           (array['draft','pending-approval','approved','posted'])[1 + g % 4],
           case when g % 4 = 1 then 'staff' end, case when g % 4 = 1 then now() end,
           ((g % 90) / 1000.0), now() - (g % 365) * interval '1 day', now()
    from generate_series(1, ${sizes.content}) g, ids`);

  await db.execute(sql`
    with ids as (select ${LARGE_CLIENT_IDS} as a)
    insert into invoices (invoice_number, client_id, amount, due_date, description, status, paid_at, created_at, updated_at)
    select 'INV-L' || lpad(g::text, 7, '0'), ids.a[1 + g % array_length(ids.a, 1)],
           (array[1500,3000,5000,250.5])[1 + g % 4],
           (current_date + ((g % 90) - 60)),
           'Monthly management ' || g,
           (array['paid','paid','pending','overdue'])[1 + g % 4],
           case when g % 4 in (0, 1) then now() - (g % 365) * interval '1 day' end,
           now() - (g % 365) * interval '1 day', now()
    from generate_series(1, ${sizes.invoices}) g, ids`);

  // Connected accounts of the first clients, each with a year of daily snapshots (followers growing ~0.2 % a day).
  await db.execute(sql`
    with ids as (select ${LARGE_CLIENT_IDS} as a)
    insert into social_accounts (client_id, platform, provider_account_id, username, is_active, connected_at, last_sync)
    select ids.a[1 + (g - 1) % array_length(ids.a, 1)],
           (array['instagram','youtube','tiktok','facebook'])[1 + g % 4],
           'large-' || g, 'large.account.' || g, true, now() - interval '400 days', now()
    from generate_series(1, ${sizes.socialAccounts}) g, ids`);
  await db.execute(sql`
    insert into metric_snapshots (social_account_id, captured_at, followers_count, engagement_rate, reach, posts_count, impressions)
    select a.id, date_trunc('day', now()) - d * interval '1 day' + interval '6 hours',
           (1000 + a.id % 5000) * (1 + (${sizes.snapshotDays} - d) * 0.002),
           ((a.id + d) % 80) / 1000.0, 200 + (a.id * 7 + d * 13) % 5000, 10 + (${sizes.snapshotDays} - d) / 3, 500 + (a.id + d * 17) % 9000
    from social_accounts a, generate_series(0, ${sizes.snapshotDays} - 1) d
    where a.provider_account_id like 'large-%'`);

  // Orders of the large clients' logins are not needed: an order's buyer may be gone (user_id null); one line each.
  await db.execute(sql`
    with ids as (select ${LARGE_CLIENT_IDS} as a)
    insert into orders (client_id, status, subtotal, discount, tax, total, created_at, updated_at, paid_at)
    select ids.a[1 + g % array_length(ids.a, 1)],
           (array['succeeded','succeeded','succeeded','pending','failed'])[1 + g % 5],
           (array[49,99,199])[1 + g % 3], 0, 0, (array[49,99,199])[1 + g % 3],
           now() - (g % 365) * interval '1 day', now(),
           case when g % 5 < 3 then now() - (g % 365) * interval '1 day' end
    from generate_series(1, ${sizes.orders}) g, ids`);
  await db.execute(sql`
    insert into order_lines (order_id, package_id, service_id, name, quantity, unit_price, line_total, target, status, ordered_amount,
                             delivered, delivery_days, expected_delivery_at, updated_at)
    select o.id, 'ig-starter', 'ig-followers', 'Starter', 1, o.total, o.total, '@large.target.' || o.id,
           case when o.status = 'succeeded' then (array['in_progress','partial','completed'])[1 + o.id % 3] else 'pending' end,
           1000, case when o.status = 'succeeded' then (o.id * 37) % 1000 else 0 end, 14,
           case when o.status = 'succeeded' then o.created_at + interval '14 days' end, now()
    from orders o join clients c on c.id = o.client_id
    where c.email like '%@large.example'`);

  // Fresh statistics for the planner, and the visibility map that lets index-only scans skip the table.
  await db.execute(sql`vacuum analyze`);
}
