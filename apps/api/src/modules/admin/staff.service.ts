import type { TStaffMember } from '@agency/contract';
import type { Actor } from '../../core/actor';
import type { AppDeps } from '../../deps';
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

export const DEFAULT_AGENCY_NAME = 'Northstar Social';

/** The agency's name as clients see it (the first admin's company). */
export async function agencyName(deps: Pick<AppDeps, 'db'>): Promise<string> {
  return (await q.firstAdminCompany(deps.db)) || DEFAULT_AGENCY_NAME;
}

/** GET /admin/staff/: every admin account with presence derived from users.last_seen_at. */
export async function listStaff(deps: AppDeps, _actor: Actor): Promise<{ results: TStaffMember[] }> {
  const now = deps.now();
  const rows = await q.listStaff(deps.db);
  return {
    results: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      status: presenceOf(r.lastSeenAt, now),
    })),
  };
}
