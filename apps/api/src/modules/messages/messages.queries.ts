import { and, asc, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { clients, files, messages, users } from '../../db/schema';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import { displayNameSql } from '../admin';

const sender = alias(users, 'sender_user');

/** The message columns a thread shows, from the table or from a statement's RETURNING (insertMessage). */
type MessageSource = Record<'id' | 'senderId' | 'receiverId' | 'clientId' | 'content' | 'readAt' | 'priority' | 'createdAt', AnyPgColumn>;

/** A message with what its DTO needs: the sender's name and role, the attached file. */
const messageColumnsOf = <M extends MessageSource>(m: M) => ({
  id: m.id,
  senderId: m.senderId,
  receiverId: m.receiverId,
  clientId: m.clientId,
  content: m.content,
  readAt: m.readAt,
  priority: m.priority,
  createdAt: m.createdAt,
  senderName: sql<string | null>`${displayNameSql(sender)}`,
  senderRole: sender.role,
  fileId: files.id,
  fileName: files.originalName,
  fileSize: files.sizeBytes,
  fileContentType: files.contentType,
});
const messageColumns = messageColumnsOf(messages);

export interface MessageRow {
  id: number;
  senderId: number | null;
  receiverId: number | null;
  clientId: number;
  content: string;
  readAt: Date | null;
  priority: boolean;
  createdAt: Date;
  senderName: string | null;
  senderRole: string | null;
  fileId: number | null;
  fileName: string | null;
  fileSize: number | null;
  fileContentType: string | null;
}

export interface ThreadListParams {
  /** The threads the caller reaches (a manager: their clients'). */
  scope: ClientScope;
  /** One client's thread; undefined = every thread in scope. */
  clientId?: number | undefined;
  /** Escaped LIKE pattern over the text and the sender's name. */
  pattern?: string | undefined;
  descending: boolean;
  limit: number;
  offset: number;
}

function threadWhere(p: Pick<ThreadListParams, 'scope' | 'clientId' | 'pattern'>): SQL | undefined {
  return and(
    inClientScope(messages.clientId, p.scope),
    p.clientId !== undefined ? eq(messages.clientId, p.clientId) : undefined,
    p.pattern ? or(ilike(messages.content, p.pattern), ilike(displayNameSql(sender), p.pattern)) : undefined,
  );
}

export async function listMessages(db: Db, p: ThreadListParams): Promise<MessageRow[]> {
  const dir = p.descending ? desc : asc;
  return db
    .select(messageColumns)
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(files, eq(files.id, messages.attachmentFileId))
    .where(threadWhere(p))
    .orderBy(dir(messages.createdAt), dir(messages.id))
    .limit(p.limit)
    .offset(p.offset);
}

export async function countMessages(db: Db, p: Pick<ThreadListParams, 'scope' | 'clientId' | 'pattern'>): Promise<number> {
  const query = db.select({ n: sql<number>`count(*)::int` }).from(messages);
  // The sender join is only needed when searching by the sender's name.
  const [row] = p.pattern
    ? await query.leftJoin(sender, eq(sender.id, messages.senderId)).where(threadWhere(p))
    : await query.where(threadWhere(p));
  return Number(row?.n ?? 0);
}

/** One message, optionally only within a client's thread (the scope of a client reader). */
export async function findMessage(db: Db, id: number, scope: ClientScope): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .leftJoin(files, eq(files.id, messages.attachmentFileId))
    .where(and(eq(messages.id, id), inClientScope(messages.clientId, scope)))
    .limit(1);
  return row;
}

export type MessageInsert = typeof messages.$inferInsert;

/** Inserts a message and answers it as its thread shows it, in one statement (the insert is a CTE). */
export async function insertMessage(db: Db, values: MessageInsert): Promise<MessageRow> {
  const inserted = db.$with('inserted').as(db.insert(messages).values(values).returning());
  const [row] = await db
    .with(inserted)
    .select(messageColumnsOf(inserted))
    .from(inserted)
    .leftJoin(sender, eq(sender.id, inserted.senderId))
    .leftJoin(files, eq(files.id, inserted.attachmentFileId));
  return row!;
}

/** Sets read_at once; false when it was already read (nothing changed). */
export async function markRead(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ readAt: now })
    .where(and(eq(messages.id, id), isNull(messages.readAt)))
    .returning({ id: messages.id });
  return rows.length > 0;
}

// ---- Who is who ----

export interface ThreadTarget {
  id: number;
  name: string;
  archivedAt: Date | null;
  userId: number | null;
  accountManager: string;
}

const threadTargetColumns = {
  id: clients.id,
  name: clients.name,
  archivedAt: clients.archivedAt,
  userId: clients.userId,
  accountManager: clients.accountManager,
};

export async function findClient(db: Db, clientId: number): Promise<ThreadTarget | undefined> {
  const [row] = await db.select(threadTargetColumns).from(clients).where(eq(clients.id, clientId)).limit(1);
  return row;
}

/** The client whose login is `userId` (a client user). */
export async function findClientOfUser(db: Db, userId: number): Promise<ThreadTarget | undefined> {
  const [row] = await db
    .select(threadTargetColumns)
    .from(clients)
    .innerJoin(users, eq(users.id, clients.userId))
    .where(and(eq(clients.userId, userId), eq(users.role, 'client')))
    .limit(1);
  return row;
}

export async function findUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, role: users.role, email: users.email, avatar: users.avatar, name: displayNameSql(users) })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}


// ---- Conversations ----

export interface ConversationRow {
  clientId: number;
  userId: number;
  name: string;
  company: string;
  email: string;
  avatar: string | null;
  unread: number;
  lastAt: Date | string | null;
  lastContent: string | null;
  lastFileName: string | null;
}

export interface ConversationParams {
  scope: ClientScope;
  pattern?: string | undefined;
  filter: 'all' | 'unread' | 'read';
}

/**
 * The admin conversation list in one statement: every client with a linked login (archived ones only when
 * they have history), its newest message (a LATERAL lookup on messages_client_created_idx) and the number of
 * client-sent messages not yet read (one grouped pass over the partial index of unread messages).
 */
export async function adminConversations(db: Db, p: ConversationParams): Promise<ConversationRow[]> {
  const last = db
    .select({ at: messages.createdAt, content: messages.content, fileName: files.originalName })
    .from(messages)
    .leftJoin(files, eq(files.id, messages.attachmentFileId))
    .where(eq(messages.clientId, clients.id))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1)
    .as('last_msg');
  const unreadSender = alias(users, 'unread_sender');
  const unread = db
    .select({ clientId: messages.clientId, n: sql<number>`count(*)::int`.as('n') })
    .from(messages)
    .innerJoin(unreadSender, and(eq(unreadSender.id, messages.senderId), eq(unreadSender.role, 'client')))
    .where(isNull(messages.readAt))
    .groupBy(messages.clientId)
    .as('unread');
  const unreadCount = sql<number>`coalesce(${unread.n}, 0)`;
  const filter =
    p.filter === 'unread'
      ? sql`${unreadCount} > 0`
      : p.filter === 'read'
        ? and(sql`${unreadCount} = 0`, isNotNull(last.at))
        : undefined;
  const search = p.pattern
    ? or(
        ilike(clients.name, p.pattern),
        ilike(clients.company, p.pattern),
        ilike(clients.email, p.pattern),
        ilike(users.email, p.pattern),
        ilike(displayNameSql(users), p.pattern),
      )
    : undefined;
  const rows = await db
    .select({
      clientId: clients.id,
      userId: users.id,
      name: clients.name,
      company: clients.company,
      email: users.email,
      avatar: users.avatar,
      unread: unreadCount,
      lastAt: last.at,
      lastContent: last.content,
      lastFileName: last.fileName,
    })
    .from(clients)
    .innerJoin(users, and(eq(users.id, clients.userId), eq(users.role, 'client')))
    .leftJoinLateral(last, sql`true`)
    .leftJoin(unread, eq(unread.clientId, clients.id))
    .where(and(or(isNull(clients.archivedAt), isNotNull(last.at)), search, filter, inClientScope(clients.id, p.scope)))
    .orderBy(sql`${last.at} desc nulls last`, asc(sql`lower(${clients.name})`), asc(clients.id));
  return rows.map((r) => ({ ...r, unread: Number(r.unread) }));
}

/** A client's own thread summary: newest message, unread agency messages, the staff member who wrote last. */
export async function clientThreadSummary(db: Db, clientId: number) {
  const [lastRow] = await db
    .select({ at: messages.createdAt, content: messages.content, fileName: files.originalName })
    .from(messages)
    .leftJoin(files, eq(files.id, messages.attachmentFileId))
    .where(eq(messages.clientId, clientId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  const [unreadRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .leftJoin(sender, eq(sender.id, messages.senderId))
    .where(and(eq(messages.clientId, clientId), isNull(messages.readAt), sql`coalesce(${sender.role}, 'admin') <> 'client'`));
  const [contact] = await db
    .select({ id: sender.id, email: sender.email, avatar: sender.avatar })
    .from(messages)
    .innerJoin(sender, and(eq(sender.id, messages.senderId), eq(sender.role, 'admin')))
    .where(eq(messages.clientId, clientId))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(1);
  return { last: lastRow, unread: Number(unreadRow?.n ?? 0), contact };
}

export async function firstAdmin(db: Db) {
  const [row] = await db
    .select({ id: users.id, email: users.email, avatar: users.avatar })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

/**
 * The agency staff a client talks to: its account manager first, then the rest by name (managers of other
 * clients are not on its team).
 */
export async function teamOf(db: Db, clientId: number | null) {
  const name = displayNameSql(users);
  const managerId = sql`(select ${clients.accountManagerUserId} from ${clients} where ${clients.id} = ${clientId ?? -1})`;
  const isManager = sql<boolean>`coalesce(${users.id} = ${managerId}, false)`;
  return db
    .select({ id: users.id, name, lastSeenAt: users.lastSeenAt, isManager })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`(${users.staffRole} <> 'manager' or ${users.id} = ${managerId})`))
    .orderBy(desc(isManager), asc(sql`lower(${name})`), asc(users.id));
}
