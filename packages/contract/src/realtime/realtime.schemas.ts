import { z } from 'zod';
import { PRESENCE_STATUSES } from '../constants';
import { ZNotificationSchema } from '../notifications/notifications.schemas';

/**
 * The WebSocket protocol of /api/ws (JSON text frames), shared by the server and the browser.
 * Small events only, never another tenant's data: a message event says which thread changed, not what it says.
 */
export const ZServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready'), userId: z.number().int() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('notification.created'), notification: ZNotificationSchema }),
  /** A message was added to a client's thread: refetch the thread (the content is never pushed). */
  z.object({ type: z.literal('message.created'), messageId: z.number().int(), clientId: z.number().int() }),
  /** Messages of a client's thread were read: update the read ticks. */
  z.object({ type: z.literal('message.read'), messageIds: z.array(z.number().int()), clientId: z.number().int() }),
  z.object({ type: z.literal('presence.changed'), userId: z.number().int(), status: z.enum(PRESENCE_STATUSES) }),
  /**
   * A client's social accounts or their metrics changed (a sync landed, an account was connected, disconnected or
   * marked for reconnection): refetch accounts, real-time metrics and analytics of that client.
   */
  z.object({ type: z.literal('metrics.updated'), clientId: z.number().int(), accountIds: z.array(z.number().int()) }),
  /** Content items of a client changed status (submitted, approved, rejected, posted): refetch content lists. */
  z.object({ type: z.literal('content.changed'), clientId: z.number().int(), contentIds: z.array(z.number().int()) }),
  /** An order was paid, or its delivery moved: the client's and the staff's order lists refresh. */
  z.object({ type: z.literal('orders.changed'), clientId: z.number().int(), orderId: z.number().int() }),
  /** An intake form was asked for, sent or skipped: intake forms (and the orders waiting on them) refresh. */
  z.object({ type: z.literal('intake.changed'), clientId: z.number().int(), intakeId: z.number().int() }),
]);
export type TServerEvent = z.infer<typeof ZServerEventSchema>;
export type TServerEventType = TServerEvent['type'];

/**
 * Close code of a socket whose sign-in ended (the token it was opened with was revoked: sign-out, password
 * change, account deletion, role change). Asking for a new ticket then answers 401.
 */
export const WS_CLOSE_SESSION_ENDED = 4001;

/** What a browser may send: an application-level ping (some proxies hide protocol pings). */
export const ZClientFrameSchema = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })]);
export type TClientFrame = z.infer<typeof ZClientFrameSchema>;

/** A frame as the server event it carries, or null when it is not one (unknown or malformed frames are ignored). */
export function parseServerEvent(data: unknown): TServerEvent | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const parsed = ZServerEventSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** A browser frame as a client frame, or null. */
export function parseClientFrame(data: string): TClientFrame | null {
  try {
    const parsed = ZClientFrameSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
