import { type TInviteStaff, type TRevokedSessions, type TStaffMember, type TUpdateStaff, ZInviteStaffSchema } from '@agency/contract';
import type { Actor, UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/types';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { agencyCompany } from '../agency';
import { recordAudit } from '../audit';
import { changeStaffRole, countOwners, createInvitedAccount, deleteAccount, endEverySessionOf, lockStaff, unusablePasswordHash } from '../auth';
import * as q from './staff.queries';

/** Seen within this long: online; within AWAY_MS: away; else (or never): offline. */
export const ONLINE_MS = 2 * 60_000;
export const AWAY_MS = 15 * 60_000;

export function presenceOf(lastSeenAt: Date | null, now: Date): TStaffMember['status'] {
  if (!lastSeenAt) return 'offline';
  const age = now.getTime() - lastSeenAt.getTime();
  if (age < ONLINE_MS) return 'online';
  if (age < AWAY_MS) return 'away';
  return 'offline';
}

function toStaffDto(r: q.StaffRow, now: Date): TStaffMember {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    role: r.role,
    staff_role: r.staffRole,
    status: presenceOf(r.lastSeenAt, now),
    invite_pending: r.invitePending,
    managed_clients: Number(r.managedClients),
  };
}

/** GET /admin/staff/: every admin account with its role and presence derived from users.last_seen_at. */
export async function listStaff(deps: AppDeps, _actor: Actor): Promise<{ results: TStaffMember[] }> {
  const now = deps.now();
  const rows = await q.listStaff(deps.db);
  return { results: rows.map((r) => toStaffDto(r, now)) };
}

async function staffMemberOrThrow(db: Db, id: number): Promise<q.StaffRow> {
  const row = await q.findStaffMember(db, id);
  if (!row) throw new AppError('not_found', 'Staff member not found.');
  return row;
}

const lastOwner = () =>
  new AppError('conflict', 'This is the agency’s last owner. Make someone else an owner first.', {
    staff_role: ['The agency needs at least one owner.'],
  });

/**
 * A staff member picked by id or by name (a task's assignee, a client's account manager): an id must be a staff
 * account and gives the name; a name alone is linked to the one staff account that carries it, if exactly one does;
 * null clears the link.
 */
export async function resolveStaffPick(
  db: Db,
  name: string,
  userId: number | null | undefined,
  refusal: { field: string; detail: string },
): Promise<{ name: string; userId: number | null }> {
  if (userId) {
    const staff = await q.findStaffMember(db, userId);
    if (!staff) throw new AppError('bad_request', refusal.detail, { [refusal.field]: ['Not a staff account.'] });
    return { name: staff.name, userId: staff.id };
  }
  if (userId === null) return { name, userId: null };
  const matches = await q.findStaffByName(db, name);
  return { name, userId: matches.length === 1 ? matches[0]!.id : null };
}

/**
 * POST /admin/staff/: an owner invites a person with a role. The account exists at once (it can be assigned
 * clients), with a password nobody knows; the invite e-mail (invite.sent) carries the one-time link that sets it.
 */
export async function inviteStaff(deps: AppDeps, actor: UserActor, input: TInviteStaff): Promise<TStaffMember> {
  const data = ZInviteStaffSchema.parse(input);
  const passwordHash = await unusablePasswordHash(deps);
  return transact(deps, async (tx) => {
    const id = await createInvitedAccount(tx, actor.id, {
      email: data.email,
      firstName: data.first_name,
      lastName: data.last_name,
      role: 'admin',
      staffRole: data.staff_role,
      company: await agencyCompany(tx),
      passwordHash,
    });
    await recordAudit(tx, actor, {
      action: 'staff.invited',
      object: { type: 'staff', id, label: data.email },
      changes: { email: data.email, name: `${data.first_name} ${data.last_name}`.trim(), staff_role: data.staff_role },
    });
    return toStaffDto(await staffMemberOrThrow(tx.db, id), tx.now());
  });
}

/** POST /admin/staff/:id/resend-invite/: a fresh link for someone who has not accepted yet. */
export async function resendStaffInvite(deps: AppDeps, actor: UserActor, id: number): Promise<TStaffMember> {
  return transact(deps, async (tx) => {
    const member = await staffMemberOrThrow(tx.db, id);
    if (!member.invitePending) throw new AppError('conflict', 'This person has already accepted the invite and signs in with a password.');
    await emit(tx, 'invite.sent', { userId: id, invitedBy: actor.id, reminder: true });
    await recordAudit(tx, actor, { action: 'staff.invite_resent', object: { type: 'staff', id, label: member.name } });
    return toStaffDto(member, tx.now());
  });
}

/**
 * PATCH /admin/staff/:id/: an owner changes someone's role (not their own: another owner does that). Their open
 * sockets close and reconnect with the new reach; requests see it within the session cache's few seconds.
 */
export async function updateStaff(deps: AppDeps, actor: UserActor, id: number, input: TUpdateStaff): Promise<TStaffMember> {
  return transact(deps, async (tx) => {
    await lockStaff(tx.db);
    const member = await staffMemberOrThrow(tx.db, id);
    if (member.staffRole === input.staff_role) return toStaffDto(member, tx.now());
    if (id === actor.id) {
      throw new AppError('bad_request', 'You cannot change your own role; another owner can.', { staff_role: ['You cannot change your own role.'] });
    }
    if (member.staffRole === 'owner' && (await countOwners(tx.db, id)) === 0) throw lastOwner();
    await changeStaffRole(tx, id, input.staff_role);
    await recordAudit(tx, actor, {
      action: 'staff.role_changed',
      object: { type: 'staff', id, label: member.name },
      changes: { staff_role: [member.staffRole, input.staff_role] },
    });
    return toStaffDto(await staffMemberOrThrow(tx.db, id), tx.now());
  });
}

/**
 * POST /admin/staff/:id/end-sessions/: an owner signs a staff member out everywhere (a lost laptop, a suspected
 * break-in); their password still works, so pair it with a password reset when the password may be known. One's own
 * sessions are ended from Settings → Security, which keeps the current one.
 */
export async function endStaffSessions(deps: AppDeps, actor: UserActor, id: number): Promise<TRevokedSessions> {
  if (id === actor.id) throw new AppError('bad_request', 'To sign yourself out elsewhere, use Settings → Security → Sign out of all other sessions.');
  const revoked = await transact(deps, async (tx) => {
    const member = await staffMemberOrThrow(tx.db, id);
    const ended = await endEverySessionOf(tx, id);
    await recordAudit(tx, actor, { action: 'staff.sessions_ended', object: { type: 'staff', id, label: member.name }, changes: { sessions: ended } });
    return ended;
  });
  const detail = revoked === 0 ? 'They were not signed in anywhere.' : `Signed out of ${revoked} session${revoked === 1 ? '' : 's'}.`;
  return { detail, revoked };
}

/**
 * Ends a staff account (an owner removing someone, or someone deleting their own): the clients it managed become
 * unassigned; what it wrote stays (authorship falls back to the e-mail or "a former team member").
 */
export async function deleteStaffAccount(deps: AppDeps, userId: number): Promise<void> {
  // The clients module unassigns them (its listener, after commit); the ids are read first, as deleting the account
  // unlinks them in the database.
  await emit(deps, 'staff.removed', { userId, managedClientIds: await q.clientIdsManagedBy(deps.db, userId) });
  await deleteAccount(deps, userId);
}

/** DELETE /admin/staff/:id/: not oneself (Settings → delete account is for that), never the last owner. */
export async function removeStaff(deps: AppDeps, actor: UserActor, id: number): Promise<void> {
  await transact(deps, async (tx) => {
    await lockStaff(tx.db);
    const member = await staffMemberOrThrow(tx.db, id);
    if (id === actor.id) throw new AppError('bad_request', 'To remove your own account, use Settings → Delete account.');
    if (member.staffRole === 'owner' && (await countOwners(tx.db, id)) === 0) throw lastOwner();
    await recordAudit(tx, actor, { action: 'staff.removed', object: { type: 'staff', id, label: member.name }, changes: { staff_role: member.staffRole } });
    await deleteStaffAccount(tx, id);
  });
}

/** Deletes the caller's admin account (Settings → Delete account); the last owner of the agency cannot go. */
export async function deleteAdminAccount(deps: AppDeps, actor: UserActor) {
  await transact(deps, async (tx) => {
    await lockStaff(tx.db);
    if (actor.staffRole === 'owner' && (await countOwners(tx.db, actor.id)) === 0) {
      throw new AppError('bad_request', 'You are the last admin of the agency; add another admin before deleting your account.');
    }
    // Recorded before the account goes: the entry keeps the person's name and e-mail once its user row is gone.
    await recordAudit(tx, actor, { action: 'staff.account_deleted', object: { type: 'staff', id: actor.id, label: actor.email } });
    await deleteStaffAccount(tx, actor.id);
  });
  return { detail: 'Account deletion initiated. You will be logged out.' };
}
