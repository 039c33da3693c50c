import type { TStaffMember } from '@agency/contract';
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

/** GET /admin/staff/: every admin account with presence derived from users.last_seen_at. */
export async function listStaff(deps: AppDeps): Promise<{ results: TStaffMember[] }> {
  const now = deps.now?.() ?? new Date();
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
