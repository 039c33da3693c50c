import { ZInviteClientMember, type TClientMember, type TInviteClientMember, type TUpdateClientMember } from '@agency/contract';
import { requireOwnClient, type UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { personName } from '../../core/text';
import { clientMembers } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { createInvitedAccount, deleteAccount, endSessions, unusablePasswordHash } from '../auth';
import * as q from './team.queries';

/*
 * A client's team: besides the client's own login (always full access), the people it invites, each with a
 * permission — full, content only (content, approvals, comments) or billing only (invoices, payments, plans,
 * orders). The guard holds every client route to the caller's permission (metadata.clientPermission); these
 * routes are for full access.
 */

const notFound = () => new AppError('not_found', 'Team member not found.');

function toMemberDto(row: q.MemberRow | NonNullable<Awaited<ReturnType<typeof q.primaryOf>>>, permission: TClientMember['permission'], primary: boolean): TClientMember {
  return {
    id: row.id!,
    name: personName({ firstName: row.firstName ?? '', lastName: row.lastName ?? '', email: row.email ?? '' }),
    email: row.email ?? '',
    permission,
    is_primary: primary,
    invite_pending: row.invitedAt !== null,
    created_at: row.createdAt!.toISOString(),
  };
}

/** How the audit log names a team member: by name, in its client's log. */
const memberObject = (member: TClientMember, clientId: number) => ({ type: 'client_member', id: member.id, label: member.name, clientId });

export async function listClientMembers(deps: AppDeps, actor: UserActor): Promise<{ results: TClientMember[] }> {
  const clientId = requireOwnClient(actor);
  const [primary, members] = await Promise.all([q.primaryOf(deps.db, clientId), q.listMembers(deps.db, clientId)]);
  return {
    results: [
      ...(primary?.id ? [toMemberDto(primary, 'full', true)] : []),
      ...members.map((m) => toMemberDto(m, m.permission, false)),
    ],
  };
}

async function memberOrThrow(deps: AppDeps, clientId: number, userId: number): Promise<q.MemberRow> {
  const primary = await q.primaryOf(deps.db, clientId);
  if (primary?.id === userId) {
    throw new AppError('bad_request', 'The account’s own login always has full access and stays on the team.');
  }
  const member = await q.findMember(deps.db, clientId, userId);
  if (!member) throw notFound();
  return member;
}

/**
 * POST /team/members/: the person gets an account of this client's portal at once (with a password nobody knows)
 * and an e-mail (invite.sent) with the one-time link that sets it.
 */
export async function inviteClientMember(deps: AppDeps, actor: UserActor, input: TInviteClientMember): Promise<TClientMember> {
  const data = ZInviteClientMember.parse(input);
  const clientId = requireOwnClient(actor);
  const passwordHash = await unusablePasswordHash(deps);
  return transact(deps, async (tx) => {
    const primary = await q.primaryOf(tx.db, clientId);
    const [first = '', ...rest] = data.name.split(/\s+/);
    const userId = await createInvitedAccount(tx, actor.id, {
      email: data.email,
      firstName: first,
      lastName: rest.join(' '),
      role: 'client',
      staffRole: null,
      company: primary?.company ?? '',
      passwordHash,
    });
    await tx.db.insert(clientMembers).values({ clientId, userId, permission: data.permission, invitedBy: actor.id, createdAt: tx.now() });
    const member = toMemberDto((await q.findMember(tx.db, clientId, userId))!, data.permission, false);
    await recordAudit(tx, actor, { action: 'client_member.invited', object: memberObject(member, clientId), changes: { email: member.email, permission: data.permission } });
    return member;
  });
}

/** PATCH /team/members/:id/: not one's own (someone else with full access does that), not the client's own login. */
export async function updateClientMember(deps: AppDeps, actor: UserActor, userId: number, input: TUpdateClientMember): Promise<TClientMember> {
  const clientId = requireOwnClient(actor);
  return transact(deps, async (tx) => {
    const member = await memberOrThrow(tx, clientId, userId);
    if (userId === actor.id) {
      throw new AppError('bad_request', 'You cannot change your own access.', { permission: ['You cannot change your own access.'] });
    }
    if (member.permission !== input.permission) {
      await q.setPermission(tx.db, clientId, userId, input.permission);
      // Their next request (and socket) works with the new permission.
      await endSessions(tx, { userId, tokenIds: null, reason: 'access_changed' });
      await recordAudit(tx, actor, {
        action: 'client_member.permission_changed',
        object: memberObject(toMemberDto(member, member.permission, false), clientId),
        changes: { permission: [member.permission, input.permission] },
      });
    }
    return toMemberDto(member, input.permission, false);
  });
}

export async function resendClientMemberInvite(deps: AppDeps, actor: UserActor, userId: number): Promise<TClientMember> {
  const clientId = requireOwnClient(actor);
  return transact(deps, async (tx) => {
    const member = await memberOrThrow(tx, clientId, userId);
    if (member.invitedAt === null) throw new AppError('conflict', 'This person has already accepted the invite and signs in with a password.');
    await emit(tx, 'invite.sent', { userId, invitedBy: actor.id, reminder: true });
    const dto = toMemberDto(member, member.permission, false);
    await recordAudit(tx, actor, { action: 'client_member.invite_resent', object: memberObject(dto, clientId) });
    return dto;
  });
}

/** DELETE /team/members/:id/: the account goes (its sign-in ends everywhere); what it wrote stays. */
export async function removeClientMember(deps: AppDeps, actor: UserActor, userId: number): Promise<void> {
  const clientId = requireOwnClient(actor);
  await transact(deps, async (tx) => {
    const member = await memberOrThrow(tx, clientId, userId);
    if (userId === actor.id) throw new AppError('bad_request', 'You cannot remove yourself; someone else with full access can.');
    const dto = toMemberDto(member, member.permission, false);
    await recordAudit(tx, actor, { action: 'client_member.removed', object: memberObject(dto, clientId), changes: { email: dto.email, permission: member.permission } });
    await deleteAccount(tx, userId);
  });
}
