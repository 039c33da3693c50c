/**
 * Demo agency data for a fresh database (ARCHITECTURE.md "Runtime shape"): one seeder per resource in demo/, run
 * in order here in one transaction, each handed what the earlier ones made. A seeder creates its rows through the
 * owning module's services (its index.ts) with the clock set to when the row happened, so a seed that breaks a rule
 * fails as a request would; what no exported service offers yet is a raw write that names the service it waits for.
 * Deterministic: the same `now` gives the same rows. Idempotent: does nothing when any user already exists.
 */
import { sql } from 'drizzle-orm';
import { systemActor } from '../../core/actor';
import { transact } from '../../events/outbox';
import { updateAgencyProfile } from '../../modules/agency';
import * as s from '../schema';
import type { Db } from '../types';
import { AGENCY_PROFILE, DEMO_LOGINS, type DemoLogin } from './demo/cast';
import { seedBilling } from './demo/billing';
import { seedClients, withLogin } from './demo/clients';
import { seedContent } from './demo/content';
import type { SeedContext } from './demo/context';
import { seedInvoices } from './demo/invoices';
import { seedLeads } from './demo/leads';
import { seedLogins } from './demo/logins';
import { seedMessages } from './demo/messages';
import { seedNotifications } from './demo/notifications';
import { seedOrders } from './demo/orders';
import { addDays, Rng } from './demo/random';
import { seedDeps } from './demo/seed-deps';
import { seedSocial, type DemoSocialTokens } from './demo/social';
import { seedTasks } from './demo/tasks';
import { seedTeam } from './demo/team';

export {
  DEMO_ADMIN_PASSWORD,
  DEMO_ADMIN_PASSWORD_HASH,
  DEMO_CLIENT_PASSWORD,
  DEMO_CLIENT_PASSWORD_HASH,
  DEMO_EXTRA_CLIENT_LOGINS,
  DEMO_LOGINS,
  type DemoLogin,
} from './demo/cast';
export type { DemoAccountTokens } from './demo/social';

export interface SeedResult {
  seeded: boolean;
  logins: DemoLogin[];
}

export interface SeedOptions {
  now?: Date;
  /**
   * Encrypted sandbox tokens for a demo account (modules/social `demoSocialTokens`); without it the demo accounts
   * hold history only and are never synced.
   */
  socialTokens?: DemoSocialTokens;
}

/** Seeds the demo agency into an empty database; returns the demo logins either way. */
export async function seedDemoData(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const logins = [...DEMO_LOGINS];
  const existing = await db.select({ id: s.users.id }).from(s.users).limit(1);
  if (existing.length > 0) return { seeded: false, logins };

  const now = opts.now ?? new Date();
  const seeded = await transact(seedDeps(db, now), async (deps) => {
    // A concurrent first start (two replicas) must not seed twice.
    await deps.db.execute(sql`select pg_advisory_xact_lock(724311002)`);
    const again = await deps.db.select({ id: s.users.id }).from(s.users).limit(1);
    if (again.length > 0) return false;
    const ctx: SeedContext = { deps, actor: systemActor('seed:demo'), db: deps.db, now, yearAgo: addDays(now, -365), rng: new Rng(20240917) };
    await seedAll(ctx, opts);
    return true;
  });
  return { seeded, logins };
}

/** The seeders in order: the random stream runs through clients, invoices, tasks, content and messages in turn. */
async function seedAll(ctx: SeedContext, opts: SeedOptions): Promise<void> {
  const staff = await seedLogins(ctx);
  // The profile first: the invoices take its prefix, the e-mails its name.
  await updateAgencyProfile(ctx.deps, ctx.actor, AGENCY_PROFILE);
  const clients = await seedClients(ctx, staff);
  const loginClients = withLogin(clients);
  const emma = loginClients[0]!;
  const invoices = await seedInvoices(ctx, staff, clients);
  await seedBilling(ctx, loginClients, invoices);
  await seedTasks(ctx, staff, clients);
  await seedContent(ctx, staff, clients, loginClients);
  await seedMessages(ctx, staff, loginClients);
  await seedNotifications(ctx, staff, loginClients);
  await seedSocial(ctx, clients, opts.socialTokens);
  await seedOrders(ctx, staff, emma);
  await seedTeam(ctx, emma);
  await seedLeads(ctx, staff, clients);
}
