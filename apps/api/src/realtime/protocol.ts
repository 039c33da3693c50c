import type { TNotification } from '@agency/contract';

/** What a signed-in browser receives on /api/ws (JSON text frames). Small, and never another tenant's data. */
export type ServerEvent =
  | { type: 'ready'; userId: number }
  | { type: 'pong' }
  | { type: 'notification.created'; notification: TNotification }
  /** A message was added to a client's thread: refetch the thread (the content is never pushed). */
  | { type: 'message.created'; messageId: number; clientId: number }
  /** Messages of a client's thread were read: update the read ticks. */
  | { type: 'message.read'; messageIds: number[]; clientId: number }
  | { type: 'presence.changed'; userId: number; status: 'online' | 'away' | 'offline' };

/** Who receives an event; resolved once, where the event happens, so every instance delivers the same way. */
export interface Audience {
  /** These users' sockets. */
  userIds?: number[];
  /** The sockets of these clients' logins (the client a socket belongs to is fixed when it connects). */
  clientIds?: number[];
  /** Every admin's sockets (agency staff). */
  admins?: boolean;
  /** Every socket (only for staff presence, which every client sees). */
  everyone?: boolean;
}

/** One event as it travels between instances through Postgres NOTIFY. */
export interface WireEnvelope {
  /** The instance that produced the event (it has already delivered it to its own sockets). */
  origin: string;
  audience: Audience;
  event: ServerEvent;
}

/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7900;
export const NOTIFY_CHANNEL = 'agency_events';
