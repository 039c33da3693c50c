/** The demo's clients: the cast's twelve, each with an account manager, signed up months ago. */
import { CLIENT_PACKAGE_PRICES } from '@agency/contract';
import { toNumeric } from '../../../core/money';
import * as s from '../../schema';
import { CLIENTS } from './cast';
import type { SeedContext, SeededClient } from './context';
import type { Logins } from './logins';
import { addDays, addMonths, atWorkTime } from './random';

export async function seedClients({ db, now, rng }: SeedContext, logins: Logins): Promise<SeededClient[]> {
  const { members } = logins;
  const rows = CLIENTS.map((c, i) => {
    const created = atWorkTime(rng, addDays(addMonths(now, -c.monthsAgo), -rng.int(0, 20)));
    const createdAt = c.monthsAgo === 0 ? atWorkTime(rng, addDays(now, -6)) : created;
    const manager = members[1 + (i % 3)]!;
    return {
      name: `${c.first} ${c.last}`,
      email: c.email,
      company: c.company,
      package: c.pkg,
      monthlyFee: toNumeric(c.fee ?? CLIENT_PACKAGE_PRICES[c.pkg] ?? 1500),
      platforms: c.platforms,
      status: c.status,
      paymentStatus: c.paymentStatus,
      accountManager: manager.name,
      accountManagerUserId: manager.id,
      userId: c.login ? logins.userIdOf(c.email) : null,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const inserted = await db.insert(s.clients).values(rows).returning({ id: s.clients.id, email: s.clients.email });
  const idByEmail = new Map(inserted.map((c) => [c.email, c.id]));
  return CLIENTS.map((c, i) => {
    const row = rows[i]!;
    return {
      ...c,
      id: idByEmail.get(c.email)!,
      name: row.name,
      fee: Number(row.monthlyFee),
      createdAt: row.createdAt,
      userId: row.userId,
      manager: members.find((m) => m.name === row.accountManager)!,
    };
  });
}

/** The clients with a login of their own (the ones whose portal the demo fills). */
export const withLogin = (clients: SeededClient[]) => clients.filter((c): c is SeededClient & { userId: number } => c.userId !== null);
