import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import {
  CLIENT_PERMISSION_LABELS,
  INVITE_LINK_DAYS,
  INVITE_TOKEN_PATTERN,
  STAFF_ROLE_LABELS,
  type TAcceptInvite,
  type TAuthResponse,
  type TInviteView,
  type TStaffRole,
} from '@agency/contract';
import type { RequestOrigin } from '../../core/actor';
import { AppError } from '../../core/errors';
import { sha256Hex } from '../../core/secret';
import { personName, withIndefiniteArticle } from '../../core/text';
import { users } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { agencyName } from '../agency';
import { openSessionAnswer } from './auth.service';
import * as q from './invites.queries';
import { assertPasswordAllowed } from './password-policy';
import { newMarkedSecret } from './tokens';

/*
 * Invites: a person is given an account (staff with a role; client team members to come) and a one-time sign-in
 * link by e-mail, `/welcome#token=inv_…`. Opening the link says who it is for; accepting it sets the password and
 * signs in. Only the token's SHA-256 is stored; a fresh invite revokes the earlier link.
 */

const INVITE_MARK = 'inv_';
const DAY_MS = 86_400_000;

/** Issues a fresh link for an invited account (the earlier ones stop working). Called by the invite's listener. */
export async function issueInvite(deps: AppDeps, userId: number, invitedBy: number | null): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newMarkedSecret(INVITE_MARK);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + INVITE_LINK_DAYS * DAY_MS);
  await q.replaceInvite(deps.db, { userId, invitedBy, tokenHash: hash, expiresAt, now });
  return { token, expiresAt };
}

const refused = (detail: string) => new AppError('not_found', detail);

/** The invite behind a token when it can still be accepted; unknown, used, revoked and expired links say why. */
async function usableInvite(deps: AppDeps, token: string, forUpdate: boolean) {
  const found = INVITE_TOKEN_PATTERN.test(token) ? await q.findInvite(deps.db, sha256Hex(token), forUpdate) : undefined;
  if (!found) throw refused('This invite link is not valid.');
  const { invite } = found;
  if (invite.usedAt) throw new AppError('conflict', 'This invite was already accepted. Sign in with your e-mail and password.');
  if (invite.revokedAt) throw refused('This invite link is no longer valid: a newer invite was sent. Use the latest e-mail.');
  if (invite.expiresAt <= deps.now()) throw refused('This invite link has expired. Ask the agency to send a new one.');
  return found;
}

/**
 * What an invite makes of its person, in words: `roleLabel` for the invite page ("Manager", "Acme team member
 * (content only)") and `joining` for the e-mail ("join Northstar as a manager").
 */
export async function describeInvite(deps: Pick<AppDeps, 'db'>, user: { id: number; role: string; staffRole: TStaffRole | null }, agency: string) {
  if (user.role === 'admin') {
    const roleLabel = STAFF_ROLE_LABELS[user.staffRole ?? 'owner'];
    return { roleLabel, joining: `join ${agency} as ${withIndefiniteArticle(roleLabel.toLowerCase())}` };
  }
  const membership = await q.membershipOf(deps.db, user.id);
  const team = membership?.clientName ?? 'your company';
  const permission = CLIENT_PERMISSION_LABELS[membership?.permission ?? 'full'].toLowerCase();
  return { roleLabel: `${team} team member (${permission})`, joining: `join the team of ${team} in the ${agency} client portal (${permission})` };
}

export async function openInvite(deps: AppDeps, input: { token: string }): Promise<TInviteView> {
  const { invite, user } = await usableInvite(deps, input.token.trim(), false);
  const agency = await agencyName(deps);
  return {
    email: user.email,
    name: personName(user),
    agency,
    role_label: (await describeInvite(deps, user, agency)).roleLabel,
    expires_at: invite.expiresAt.toISOString(),
  };
}

/** Sets the invited account's password with the link (used up) and signs in; the address counts as confirmed (the link came to it). */
export async function acceptInvite(deps: AppDeps, input: TAcceptInvite, origin: RequestOrigin): Promise<TAuthResponse> {
  // The link is checked (unlocked) before the password, so a dead link says so whatever the password.
  const { user: invitee } = await usableInvite(deps, input.token.trim(), false);
  await assertPasswordAllowed(deps, input.password, invitee, 'password');
  const passwordHash = await bcrypt.hash(input.password, deps.config.BCRYPT_ROUNDS);
  return transact(deps, async (tx) => {
    const { invite, user } = await usableInvite(tx, input.token.trim(), true);
    const now = tx.now();
    const [updated] = await tx.db
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, invitedAt: null, updatedAt: now, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(users.id, user.id))
      .returning();
    await q.useInvites(tx.db, user.id, invite.id, now);
    return openSessionAnswer(tx, updated!, origin, 'invite');
  });
}
