/** The demo's clients: the cast's twelve, each with an account manager, signed up months ago (clients' createClient). */
import { sql } from 'drizzle-orm';
import { PLAN_CATALOGUE, CLIENT_PACKAGE_PRICES, ZClientFormSchema } from '@agency/contract';
import { createClient } from '../../../modules/clients';
import * as s from '../../schema';
import { CLIENTS } from './cast';
import type { LoginClient, SeedContext, SeededClient } from './context';
import type { Logins } from './logins';
import { addDays, addMonths, atWorkTime } from './random';
import { depsAt } from './seed-deps';

export async function seedClients({ deps, actor, db, now, rng }: SeedContext, logins: Logins): Promise<SeededClient[]> {
  const seeded: SeededClient[] = [];
  for (const [i, c] of CLIENTS.entries()) {
    const signedUp = atWorkTime(rng, addDays(addMonths(now, -c.monthsAgo), -rng.int(0, 20)));
    const createdAt = c.monthsAgo === 0 ? atWorkTime(rng, addDays(now, -6)) : signedUp;
    const manager = logins.members[1 + (i % 3)]!;
    const userId = c.login ? logins.userIdOf(c.email) : null;
    const form = ZClientFormSchema.parse({
      name: `${c.first} ${c.last}`,
      email: c.email,
      company: c.company,
      package: c.pkg,
      // A client on a portal plan pays the plan's price (billing keeps the record so once the plan is seeded).
      monthly_fee: PLAN_CATALOGUE.find((p) => p.id === c.plan)?.monthly ?? c.fee ?? CLIENT_PACKAGE_PRICES[c.pkg] ?? 1500,
      platforms: c.platforms,
      status: c.status,
      payment_status: c.paymentStatus,
      account_manager_id: manager.id,
      user_id: userId,
      approval_mode: c.approvalMode,
    });
    const client = await createClient(depsAt(deps, createdAt), actor, form);
    seeded.push({ ...c, id: client.id, name: client.name, fee: Number(client.monthly_fee), createdAt, userId, manager });
  }
  // Raw: createClient dates a client by the column's default, not by deps.now; the demo's signed up months ago.
  const signUps = JSON.stringify(seeded.map((c) => ({ id: c.id, at: c.createdAt.toISOString() })));
  await db.execute(
    sql`update ${s.clients} set created_at = v.at, updated_at = v.at from json_to_recordset(${signUps}::json) as v(id integer, at timestamptz) where ${s.clients.id} = v.id`,
  );
  return seeded;
}

/** The clients with a login of their own (the ones whose portal the demo fills). */
export const withLogin = (clients: SeededClient[]) => clients.filter((c): c is LoginClient => c.userId !== null);
