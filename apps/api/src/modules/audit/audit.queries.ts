import { and, desc, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import { auditLog, clients, users } from '../../db/schema';
import { cappedCount } from '../../db/list-queries';
import type { Db } from '../../db/types';
import type { CappedCount } from '../../core/paging';

export type AuditInsert = typeof auditLog.$inferInsert;

/** Appends entries (never updated: the table only grows, and pruning deletes what is over a year old). */
export async function insertAuditEntries(db: Db, entries: AuditInsert[]): Promise<void> {
  if (entries.length > 0) await db.insert(auditLog).values(entries);
}

/** A person's name as the log shows it (their e-mail when they have none). */
export async function personLabel(db: Db, userId: number): Promise<string> {
  const [row] = await db
    .select({ label: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.label ?? `User #${userId}`;
}

export interface AuditWhere {
  /** A client's own log: its rows, internal ones left out. */
  ownClientId: number | null;
  actorUserId?: number | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  /** Actions starting with this ("invoice" finds every invoice action, "invoice.paid" that one). */
  action?: string | undefined;
  clientId?: number | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
}

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function whereOf(w: AuditWhere): SQL | undefined {
  return and(
    w.ownClientId !== null ? and(eq(auditLog.clientId, w.ownClientId), eq(auditLog.internal, false)) : undefined,
    w.actorUserId !== undefined ? eq(auditLog.actorUserId, w.actorUserId) : undefined,
    w.objectType !== undefined ? eq(auditLog.objectType, w.objectType) : undefined,
    w.objectId !== undefined ? eq(auditLog.objectId, w.objectId) : undefined,
    w.action !== undefined ? like(auditLog.action, likePrefix(w.action)) : undefined,
    w.clientId !== undefined ? eq(auditLog.clientId, w.clientId) : undefined,
    w.from !== undefined ? gte(auditLog.at, w.from) : undefined,
    w.until !== undefined ? lt(auditLog.at, w.until) : undefined,
  );
}

export function countAuditEntries(db: Db, w: AuditWhere): Promise<CappedCount> {
  return cappedCount(db, db.select({ one: sql`1` }).from(auditLog).where(whereOf(w)).$dynamic());
}

/** Newest first (at, then id: the order entries were written in), with the client's name. */
export function listAuditEntries(db: Db, w: AuditWhere, window: { limit: number; offset: number }) {
  return db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      actorType: auditLog.actorType,
      actorUserId: auditLog.actorUserId,
      actorLabel: auditLog.actorLabel,
      ip: auditLog.ip,
      action: auditLog.action,
      objectType: auditLog.objectType,
      objectId: auditLog.objectId,
      objectLabel: auditLog.objectLabel,
      clientId: auditLog.clientId,
      clientName: clients.name,
      changes: auditLog.changes,
    })
    .from(auditLog)
    .leftJoin(clients, eq(clients.id, auditLog.clientId))
    .where(whereOf(w))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(window.limit)
    .offset(window.offset);
}
export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>[number];

/** The people with entries in the log (of one client when `ownClientId`), by name. */
export async function listAuditActors(db: Db, ownClientId: number | null) {
  const people = db
    .selectDistinct({ id: auditLog.actorUserId })
    .from(auditLog)
    .where(and(sql`${auditLog.actorUserId} is not null`, ownClientId !== null ? and(eq(auditLog.clientId, ownClientId), eq(auditLog.internal, false)) : undefined))
    .as('people');
  return db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email})`,
      role: users.role,
    })
    .from(people)
    .innerJoin(users, eq(users.id, people.id))
    .orderBy(sql`lower(coalesce(nullif(trim(${users.firstName} || ' ' || ${users.lastName}), ''), ${users.email}))`);
}

/**
 * Pruning: entries older than `before` go (the log is kept a year). The log is append-only (a trigger, migration
 * 0029): this transaction says it is the retention job, the only delete it lets through.
 */
export function deleteAuditEntriesBefore(db: Db, before: Date) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local app.audit_prune = 'on'`);
    return tx.delete(auditLog).where(lt(auditLog.at, before)).returning({ id: auditLog.id });
  });
}
