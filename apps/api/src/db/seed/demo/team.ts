/**
 * Emma's team: her shop manager approves content (same password as Emma; she joined a month ago); her bookkeeper
 * was invited two days ago and has not joined yet. Their accounts come from auth's createInvitedAccount.
 */
import { inArray } from 'drizzle-orm';
import { createInvitedAccount } from '../../../modules/auth';
import * as s from '../../schema';
import { DEMO_CLIENT_PASSWORD_HASH } from './cast';
import type { LoginClient, SeedContext } from './context';
import { addDays } from './random';
import { depsAt } from './seed-deps';

const MEMBERS = [
  { first: 'Olivia', last: 'Reed', email: 'olivia.reed@bloomandco.example', permission: 'content', daysAgo: 30, joined: true },
  { first: 'Ben', last: 'Cole', email: 'ben.cole@bloomandco.example', permission: 'billing', daysAgo: 2, joined: false },
] as const;

export async function seedTeam({ deps, db, now }: SeedContext, emma: LoginClient): Promise<void> {
  const members = [];
  for (const m of MEMBERS) {
    const invitedAt = addDays(now, -m.daysAgo);
    const userId = await createInvitedAccount(depsAt(deps, invitedAt), emma.userId, {
      email: m.email,
      firstName: m.first,
      lastName: m.last,
      role: 'client',
      staffRole: null,
      company: emma.company,
      passwordHash: DEMO_CLIENT_PASSWORD_HASH,
    });
    members.push({ ...m, userId, invitedAt });
  }
  const joinedIds = members.filter((m) => m.joined).map((m) => m.userId);
  // Raw: accepting an invite takes the one-time link its e-mail carries (and so confirms the address); the demo's members who joined simply have.
  if (joinedIds.length > 0) await db.update(s.users).set({ invitedAt: null, emailVerifiedAt: now }).where(inArray(s.users.id, joinedIds));
  // Raw: the team module exports no way to add a member but a client login's own invite (inviteClientMember).
  await db.insert(s.clientMembers).values(
    members.map((m) => ({ clientId: emma.id, userId: m.userId, permission: m.permission, invitedBy: emma.userId, createdAt: m.invitedAt })),
  );
}
