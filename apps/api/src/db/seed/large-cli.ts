import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { migrateDatabase, openConfiguredDatabase } from '../client';
import { seedDemoData } from './demo';

/**
 * `pnpm db:seed:large`: loads a large agency (10,000 clients, 100,000 tasks, 100,000 content items,
 * 100,000 invoices) on top of the demo data, to check that every list stays fast. Rows are generated
 * in SQL (generate_series), so it takes seconds, not minutes. Run it on a scratch database.
 */
const SIZES = { clients: 10_000, tasks: 100_000, content: 100_000, invoices: 100_000 };

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await migrateDatabase(database);
await seedDemoData(database.db);
const { db } = database;
const started = Date.now();

await db.execute(sql`
  insert into clients (name, email, company, package, monthly_fee, status, payment_status, account_manager, created_at)
  select 'Client ' || g, 'client' || g || '@large.example', 'Company ' || (g % 2000),
         (array['starter','growth','professional','enterprise'])[1 + g % 4],
         (array[1500,3000,5000,8000])[1 + g % 4],
         (array['active','active','pending','paused'])[1 + g % 4],
         (array['paid','paid','pending','overdue'])[1 + g % 4],
         'Alex Morgan', now() - (g % 365) * interval '1 day'
  from generate_series(1, ${SIZES.clients}) g`);

const clientIds = sql`(select array_agg(id) from clients where email like '%@large.example')`;
await db.execute(sql`
  with ids as (select ${clientIds} as a)
  insert into tasks (title, description, client_id, assigned_to, priority, status, due_date, created_at, updated_at)
  select 'Task ' || g || ': ' || (array['Reel edit','Story set','Caption review','Hashtag research','Monthly report'])[1 + g % 5],
         'Generated task number ' || g,
         ids.a[1 + g % array_length(ids.a, 1)], 'Alex Morgan',
         (array['low','medium','high'])[1 + g % 3],
         (array['pending','in-progress','review','completed'])[1 + g % 4],
         now() + ((g % 120) - 60) * interval '1 day', now() - (g % 365) * interval '1 day', now()
  from generate_series(1, ${SIZES.tasks}) g, ids`);

await db.execute(sql`
  with ids as (select ${clientIds} as a)
  insert into content_items (client_id, platform, content, scheduled_date, status, engagement_rate, created_at, updated_at)
  select ids.a[1 + g % array_length(ids.a, 1)],
         (array['instagram','tiktok','youtube','facebook','twitter','linkedin'])[1 + g % 6],
         'Generated post ' || g || ' about spring launches and behind-the-scenes stories',
         now() + ((g % 200) - 100) * interval '1 day',
         (array['draft','pending-approval','approved','posted'])[1 + g % 4],
         ((g % 90) / 1000.0), now() - (g % 365) * interval '1 day', now()
  from generate_series(1, ${SIZES.content}) g, ids`);

await db.execute(sql`
  with ids as (select ${clientIds} as a)
  insert into invoices (invoice_number, client_id, amount, due_date, description, status, paid_at, created_at, updated_at)
  select 'INV-L' || lpad(g::text, 7, '0'), ids.a[1 + g % array_length(ids.a, 1)],
         (array[1500,3000,5000,250.5])[1 + g % 4],
         (current_date + ((g % 90) - 60)),
         'Monthly management ' || g,
         (array['paid','paid','pending','overdue'])[1 + g % 4],
         case when g % 4 in (0, 1) then now() - (g % 365) * interval '1 day' end,
         now() - (g % 365) * interval '1 day', now()
  from generate_series(1, ${SIZES.invoices}) g, ids`);

await db.execute(sql`analyze`);
console.log(`Loaded ${JSON.stringify(SIZES)} in ${Math.round((Date.now() - started) / 1000)} s (${database.kind}).`);
await database.close();
