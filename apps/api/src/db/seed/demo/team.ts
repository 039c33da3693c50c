/** Emma's team: her shop manager approves content (same password as Emma); her bookkeeper is invited, not joined yet. */
import * as s from '../../schema';
import { DEMO_CLIENT_PASSWORD_HASH } from './cast';
import type { LoginClient, SeedContext } from './context';
import { addDays } from './random';

const MEMBERS = [
  { first: 'Olivia', last: 'Reed', email: 'olivia.reed@bloomandco.example', permission: 'content', daysAgo: 30, invitedOnly: false },
  { first: 'Ben', last: 'Cole', email: 'ben.cole@bloomandco.example', permission: 'billing', daysAgo: 2, invitedOnly: true },
] as const;

export async function seedTeam({ db, now }: SeedContext, emma: LoginClient): Promise<void> {
  const users = await db
    .insert(s.users)
    .values(
      MEMBERS.map((m) => {
        const joined = addDays(now, -m.daysAgo);
        return {
          email: m.email,
          username: m.email,
          firstName: m.first,
          lastName: m.last,
          role: 'client' as const,
          company: emma.company,
          passwordHash: DEMO_CLIENT_PASSWORD_HASH,
          ...(m.invitedOnly ? { invitedAt: joined } : {}),
          passwordChangedAt: joined,
          createdAt: joined,
          updatedAt: joined,
        };
      }),
    )
    .returning({ id: s.users.id });
  await db.insert(s.clientMembers).values(
    MEMBERS.map((m, i) => ({ clientId: emma.id, userId: users[i]!.id, permission: m.permission, invitedBy: emma.userId, createdAt: addDays(now, -m.daysAgo) })),
  );
}
