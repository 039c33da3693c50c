import { and, eq } from 'drizzle-orm';
import { files, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** Sets (or clears) a user's avatar address; answers the one it replaces (undefined when the user is gone). */
export async function replaceAvatar(db: Db, userId: number, avatar: string | null, now: Date): Promise<{ previous: string | null } | undefined> {
  const [before] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!before) return undefined;
  await db.update(users).set({ avatar, updatedAt: now }).where(eq(users.id, userId));
  return { previous: before.avatar };
}

/** Whether the file is its owner's avatar at this address now. */
export async function isCurrentAvatar(db: Db, fileId: number, address: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(files)
    .innerJoin(users, eq(users.id, files.ownerId))
    .where(and(eq(files.id, fileId), eq(users.avatar, address)))
    .limit(1);
  return row !== undefined;
}
