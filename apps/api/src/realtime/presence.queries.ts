import { inArray } from 'drizzle-orm';
import { users } from '../db/schema';
import type { Db } from '../db/types';

/** Marks users as seen now (presence is derived from users.last_seen_at, see admin/staff.service.ts). */
export async function touchLastSeen(db: Db, userIds: number[], now: Date) {
  if (userIds.length === 0) return;
  await db.update(users).set({ lastSeenAt: now }).where(inArray(users.id, userIds));
}
