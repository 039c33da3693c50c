import { and, eq, exists, isNull, or, sql, type SQL } from 'drizzle-orm';
import { clients, files, messages } from '../../db/schema';
import type { Db } from '../../db/types';
import { clientScope, isStaff, type UserActor } from '../../core/actor';
import { inClientScope } from '../../db/client-scope';

export type FileRow = typeof files.$inferSelect;
export type FileInsert = typeof files.$inferInsert;

export async function insertFile(db: Db, values: FileInsert): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row!;
}

/** Advisory-lock namespace of a user's uploads (the second key is the user id). */
const UPLOADS_LOCK = 724_311_101;

/**
 * The bytes a user's uploads take, summed in SQL, after taking the user's upload lock for the rest of the
 * transaction (so two uploads at once cannot both squeeze under the quota).
 */
export async function lockAndSumStoredBytes(db: Db, ownerId: number): Promise<number> {
  await db.execute(sql`select pg_advisory_xact_lock(${UPLOADS_LOCK}, ${ownerId})`);
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${files.sizeBytes}), 0)` })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  return Number(row?.total ?? 0);
}

/**
 * Who may download a file, as SQL: owners and read-only staff any file; a manager the files of their clients,
 * files of no client and their own uploads; a client user the files of its own client, the files it uploaded, and
 * the attachments of messages in its own thread. Anything else reads as missing (404).
 */
function downloadableBy(actor: UserActor): SQL | undefined {
  const scope = clientScope(actor);
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'managed') return or(isNull(files.clientId), eq(files.ownerId, actor.id), inClientScope(files.clientId, scope));
  const conditions: SQL[] = [eq(files.ownerId, actor.id)];
  if (actor.clientId !== null) {
    conditions.push(eq(files.clientId, actor.clientId));
    conditions.push(
      exists(
        sql`(select 1 from ${messages} where ${messages.attachmentFileId} = ${files.id} and ${messages.clientId} = ${actor.clientId})`,
      ),
    );
  }
  return or(...conditions);
}

/** Deletes a file of `ownerId`; answers where its bytes are, to remove them too. */
export async function deleteOwnFile(db: Db, ownerId: number, id: number): Promise<{ storedName: string } | undefined> {
  const [row] = await db.delete(files).where(and(eq(files.id, id), eq(files.ownerId, ownerId))).returning({ storedName: files.storedName });
  return row;
}

/** A file by id, for a caller that has already checked who may see it. */
export async function findFileById(db: Db, id: number): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

export async function findDownloadableFile(db: Db, id: number, actor: UserActor): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), downloadableBy(actor)))
    .limit(1);
  return row;
}

/**
 * A file the sender may attach to a message of `threadClientId`'s thread: a client user only files of its own
 * client; an admin files of that client or files belonging to no client (never another client's file, which
 * would hand it to the wrong client).
 */
export async function findAttachableFile(
  db: Db,
  id: number,
  actor: UserActor,
  threadClientId: number,
): Promise<FileRow | undefined> {
  const scope = isStaff(actor) ? or(isNull(files.clientId), eq(files.clientId, threadClientId)) : eq(files.clientId, threadClientId);
  const [row] = await db
    .select()
    .from(files)
    .where(and(eq(files.id, id), scope))
    .limit(1);
  return row;
}

/** The client a file may be filed under: must exist and not be archived. */
export async function findClientForUpload(db: Db, clientId: number) {
  const [row] = await db
    .select({ id: clients.id, archivedAt: clients.archivedAt })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}
