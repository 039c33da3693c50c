import {
  type TAdminConversations,
  type TConversation,
  type TMessage,
  type TSendMessage,
  type TSendToAdmin,
  type TSendToClient,
  type TTeam,
} from '@agency/contract';
import { ALL_CLIENTS, clientScope, isStaff, ownClient, type Actor, type UserActor } from '../../core/actor';
import { reachesClient } from '../../db/client-scope';
import { AppError } from '../../core/errors';
import { likePattern, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { presenceOf, staffIds } from '../admin';
import { clientPeople } from '../team';
import { findUserRoleAndClient } from '../auth';
import { agencyName } from '../agency';
import { findAttachableFile, toAttachmentDto } from '../files';
import * as q from './messages.queries';

/**
 * The conversation is per client (messages.client_id): the client's login on one side, the agency (any admin)
 * on the other. A message is "from the client side" when its sender is a client user; anything else (staff, or
 * a deleted account) counts as the agency's. A client user only ever reaches its own thread; another thread's
 * message is a 404.
 */

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const messageNotFound = () => new AppError('not_found', 'Message not found.');
const conversationNotFound = () => new AppError('not_found', 'Conversation not found.');
const fieldError = (field: string, detail: string) => new AppError('bad_request', detail, { [field]: [detail] });

const isFromClient = (row: Pick<q.MessageRow, 'senderRole'>) => row.senderRole === 'client';

export function toMessageDto(row: q.MessageRow): TMessage {
  return {
    id: row.id,
    sender: row.senderId ?? 0,
    receiver: row.receiverId,
    sender_name: row.senderName ?? 'Deleted user',
    sender_role: row.senderRole === 'client' ? 'client' : 'admin',
    client: row.clientId,
    content: row.content,
    timestamp: iso(row.createdAt),
    read: row.readAt !== null,
    priority: row.priority,
    attachment:
      row.fileId !== null
        ? toAttachmentDto({ id: row.fileId, name: row.fileName ?? 'file', size: row.fileSize ?? 0, contentType: row.fileContentType ?? 'application/octet-stream' })
        : null,
  };
}

type PageQuery = { page: number; page_size: number; ordering?: string };

async function threadPage(
  deps: AppDeps,
  actor: Actor,
  query: PageQuery,
  thread: { clientId?: number | undefined; search?: string | undefined },
): Promise<Page<TMessage>> {
  const { limit, offset } = pageWindow(query);
  const pattern = thread.search ? likePattern(thread.search) : undefined;
  const params = { scope: clientScope(actor), clientId: thread.clientId, pattern };
  const [count, rows] = await Promise.all([
    q.countMessages(deps.db, params),
    q.listMessages(deps.db, { ...params, descending: query.ordering !== 'timestamp', limit, offset }),
  ]);
  return { count, results: rows.map(toMessageDto) };
}

const emptyPage: Page<TMessage> = { count: 0, results: [] };

/** GET /messages/: a client its own thread; staff every thread, or one with ?client=. */
export async function listMessages(
  deps: AppDeps,
  actor: Actor,
  query: PageQuery & { search?: string | undefined; client?: number | undefined },
): Promise<Page<TMessage>> {
  const own = ownClient(actor);
  if (own === null) return threadPage(deps, actor, query, { clientId: query.client, search: query.search });
  if (own < 0) return emptyPage;
  return threadPage(deps, actor, query, { clientId: own, search: query.search });
}

/**
 * GET /messages/conversation/:id/: for an admin, id is a client user → that client's thread; for a client,
 * its own id, a staff member's or a teammate's → its own thread (there is no other); any other id is a 404.
 */
export async function getConversation(
  deps: AppDeps,
  actor: UserActor,
  { userId: otherUserId, ...query }: PageQuery & { userId: number },
): Promise<Page<TMessage>> {
  if (isStaff(actor)) {
    const client = await q.findClientOfUser(deps.db, otherUserId);
    if (!client || !(await reachesClient(deps.db, clientScope(actor), client.id))) throw conversationNotFound();
    return threadPage(deps, actor, query, { clientId: client.id });
  }
  if (actor.clientId === null) throw conversationNotFound();
  if (otherUserId !== actor.id) {
    // A staff member, or a person of the caller's own team (the thread is the client's, shared by its team).
    const other = await findUserRoleAndClient(deps.db, otherUserId);
    if (other?.role !== 'admin' && other?.clientId !== actor.clientId) throw conversationNotFound();
  }
  return threadPage(deps, actor, query, { clientId: actor.clientId });
}

// ---- Sending ----

interface Delivery {
  clientId: number;
  receiverId: number | null;
  /** Who gets the in-app notification. */
  notify: number[];
}

async function checkAttachment(deps: AppDeps, actor: UserActor, fileId: number | null | undefined, clientId: number) {
  if (fileId == null) return null;
  const file = await findAttachableFile(deps.db, fileId, actor, clientId);
  if (!file) throw fieldError('attachment', 'Attachment not found.');
  return file.id;
}

function clientThreadOf(actor: UserActor): number {
  if (actor.clientId === null) throw new AppError('bad_request', 'Your account has no client record; please contact the agency.');
  return actor.clientId;
}

/** A client's live thread, as an admin addresses it. */
function checkTarget(client: q.ThreadTarget | undefined, field: string): asserts client is q.ThreadTarget & { userId: number } {
  if (!client) throw fieldError(field, 'Client not found.');
  if (client.archivedAt) throw fieldError(field, 'This client is archived; messages cannot be sent to it.');
  if (client.userId === null) {
    throw new AppError('conflict', 'This client has no user account yet, so messages cannot be delivered.', {
      [field]: ['This client has no user account.'],
    });
  }
}

async function deliver(
  deps: AppDeps,
  actor: UserActor,
  target: Delivery,
  input: { content: string; attachment?: number | null | undefined; priority?: boolean | undefined },
): Promise<TMessage> {
  const content = input.content.trim();
  const attachmentFileId = await checkAttachment(deps, actor, input.attachment, target.clientId);
  if (content === '' && attachmentFileId === null) {
    throw new AppError('validation_error', 'Message cannot be empty', { content: ['Message cannot be empty'] });
  }
  return transact(deps, async (tx) => {
    const saved = await q.insertMessage(tx.db, {
      senderId: actor.id,
      receiverId: target.receiverId,
      clientId: target.clientId,
      content,
      priority: input.priority ?? false,
      attachmentFileId,
      createdAt: deps.now(),
    });
    await emit(tx, 'message.created', {
      messageId: saved.id,
      clientId: saved.clientId,
      senderId: saved.senderId,
      receiverId: saved.receiverId,
      senderName: saved.senderName ?? 'Someone',
      preview: content || (saved.fileName ? `Sent a file: ${saved.fileName}` : ''),
      priority: saved.priority,
      recipientIds: target.notify,
    });
    // That a message went, to whom, not what it says.
    await recordAudit(tx, actor, {
      action: 'message.sent',
      object: { type: 'message', id: saved.id, label: `Message #${saved.id}`, clientId: saved.clientId },
      changes: { to: target.receiverId === null ? 'agency' : target.receiverId, ...(saved.fileName ? { attachment: saved.fileName } : {}), ...(saved.priority ? { priority: true } : {}) },
    });
    return toMessageDto(saved);
  });
}

/** POST /messages/send-to-admin/: a client writes to the agency (receiver null); every admin is notified. */
export async function sendToAdmin(deps: AppDeps, actor: UserActor, input: TSendToAdmin): Promise<TMessage> {
  const clientId = clientThreadOf(actor);
  return deliver(deps, actor, { clientId, receiverId: null, notify: await staffIds(deps.db, clientId) }, { ...input, content: input.content ?? '' });
}

/** POST /messages/send-to-client/: an admin writes into a client's thread (its login is the receiver). */
export async function sendToClient(deps: AppDeps, actor: UserActor, input: TSendToClient): Promise<TMessage> {
  const found = await q.findClient(deps.db, Number(input.client_id));
  const client = found && (await reachesClient(deps.db, clientScope(actor), found.id)) ? found : undefined;
  checkTarget(client, 'client_id');
  return deliver(
    deps,
    actor,
    { clientId: client.id, receiverId: client.userId, notify: await clientPeople(deps.db, client.id, undefined) },
    { ...input, content: input.content ?? '' },
  );
}

/**
 * POST /messages/: a client may only write to a staff member (that admin is the receiver and is notified; the
 * message lands in the client's thread); an admin writes to a client user, i.e. into that client's thread.
 */
export async function sendMessage(deps: AppDeps, actor: UserActor, input: TSendMessage): Promise<TMessage> {
  const receiverId = Number(input.receiver);
  const body = { ...input, content: input.content ?? '' };
  if (isStaff(actor)) {
    const client = await q.findClientOfUser(deps.db, receiverId);
    if (!client || !(await reachesClient(deps.db, clientScope(actor), client.id))) throw fieldError('receiver', 'The recipient must be a client user.');
    checkTarget(client, 'receiver');
    return deliver(deps, actor, { clientId: client.id, receiverId: client.userId, notify: await clientPeople(deps.db, client.id, undefined) }, body);
  }
  const clientId = clientThreadOf(actor);
  const receiver = await q.findUser(deps.db, receiverId);
  if (receiver?.role !== 'admin') throw fieldError('receiver', 'Clients can only write to the agency team.');
  return deliver(deps, actor, { clientId, receiverId: receiver.id, notify: [receiver.id] }, body);
}

/**
 * POST /messages/:id/mark_read/: only the receiving side marks a message read (a client the agency's messages
 * of its own thread, an admin the client's messages). Marking one's own message (or the own side's) is a 400;
 * marking an already read message changes nothing and answers it as it is.
 */
export async function markMessageRead(deps: AppDeps, actor: UserActor, id: number): Promise<TMessage> {
  const row = await q.findMessage(deps.db, id, clientScope(actor));
  if (!row) throw messageNotFound();
  const receivingSide = isStaff(actor) ? isFromClient(row) : !isFromClient(row);
  if (row.senderId === actor.id || !receivingSide) {
    throw new AppError('bad_request', 'Only the recipient can mark a message as read.');
  }
  if (row.readAt) return toMessageDto(row);
  const message = row;
  return transact(deps, async (tx) => {
    if (await q.markRead(tx.db, message.id, deps.now())) {
      await emit(tx, 'message.read', { messageIds: [message.id], clientId: message.clientId, readerId: actor.id });
    }
    return toMessageDto((await q.findMessage(tx.db, message.id, ALL_CLIENTS))!);
  });
}

// ---- Conversations and the team ----

function toConversationDto(row: q.ConversationRow): TConversation {
  const lastContent = row.lastContent || (row.lastFileName ? `📎 ${row.lastFileName}` : '');
  return {
    id: row.clientId,
    clientId: row.clientId,
    userId: row.userId,
    name: row.name,
    role: 'client',
    company: row.company,
    email: row.email,
    unreadCount: row.unread,
    avatar: row.avatar,
    lastMessage: row.lastAt ? { timestamp: iso(row.lastAt), content: lastContent } : null,
  };
}

/** GET /messages/admin-conversations/: one entry per client with a login, newest activity first. */
export async function listAdminConversations(
  deps: AppDeps,
  actor: Actor,
  query: { search?: string | undefined; filter?: 'all' | 'unread' | 'read' | undefined },
): Promise<TAdminConversations> {
  const rows = await q.adminConversations(deps.db, {
    scope: clientScope(actor),
    pattern: query.search ? likePattern(query.search) : undefined,
    filter: query.filter ?? 'all',
  });
  return { conversations: rows.map(toConversationDto) };
}

/** GET /messages/conversations/: an admin the same list as above; a client its one thread with the team. */
export async function listConversations(deps: AppDeps, actor: UserActor): Promise<TConversation[]> {
  if (isStaff(actor)) return (await listAdminConversations(deps, actor, {})).conversations;
  if (actor.clientId === null) return [];
  const summary = await q.clientThreadSummary(deps.db, actor.clientId);
  const contact = summary.contact ?? (await q.firstAdmin(deps.db));
  const agency = await agencyName(deps);
  const last = summary.last;
  return [
    {
      id: actor.clientId,
      clientId: actor.clientId,
      userId: contact?.id ?? actor.id,
      name: agency,
      role: 'admin',
      company: agency,
      email: contact?.email ?? '',
      unreadCount: summary.unread,
      avatar: contact?.avatar ?? null,
      lastMessage: last ? { timestamp: iso(last.at), content: last.content || (last.fileName ? `📎 ${last.fileName}` : '') } : null,
    },
  ];
}

/**
 * GET /messages/team/: every staff member with presence from users.last_seen_at (online < 2 min, away < 15 min),
 * the client's account manager first (shown as "Account Manager"), and how many are online.
 */
export async function getTeam(deps: AppDeps, actor: UserActor): Promise<TTeam> {
  const rows = await q.teamOf(deps.db, actor.clientId);
  const now = deps.now();
  const results = rows.map((r) => ({
    id: r.id,
    name: r.name,
    role: r.isManager ? 'Account Manager' : 'Agency Team',
    status: presenceOf(r.lastSeenAt, now),
  }));
  return { results, online: results.filter((m) => m.status === 'online').length };
}
