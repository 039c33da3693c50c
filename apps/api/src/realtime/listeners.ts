import type { TRole, TServerEvent } from '@agency/contract';
import type { EventBus } from '../events/bus';
import type { Audience } from './protocol';

/** read ids per pushed frame, so a frame stays small however many messages were read at once. */
const READ_IDS_PER_EVENT = 500;

export type Push = (audience: Audience, event: TServerEvent) => void;

/**
 * What concerns one client (its thread, content, accounts): its login's sockets (found by the client id they
 * connected with) and the staff who reach it (not the managers of other clients).
 */
const threadAudience = (clientId: number): Audience => ({ clientIds: [clientId], staffOf: clientId });

const contentChanged = (clientId: number, items: { id: number }[]): TServerEvent => ({
  type: 'content.changed',
  clientId,
  contentIds: items.map((i) => i.id),
});

/**
 * Staff presence is seen by everyone (clients see who of the agency is online); a client's only by the staff who
 * reach that client.
 */
export const presenceAudience = (role: TRole, clientId: number | null): Audience =>
  role === 'admin' ? { everyone: true } : clientId !== null ? { staffOf: clientId } : { admins: true };

/**
 * What the sockets of this instance are told when a domain event reaches it (every instance hears every
 * dispatched event). Answers the unsubscribe functions.
 */
export function subscribeRealtime(events: EventBus, push: Push): (() => void)[] {
  return [
    events.on('notification.created', ({ userId, notification }) => push({ userIds: [userId] }, { type: 'notification.created', notification })),
    events.on('message.created', ({ messageId, clientId }) => push(threadAudience(clientId), { type: 'message.created', messageId, clientId })),
    events.on('message.read', ({ messageIds, clientId }) => {
      for (let i = 0; i < messageIds.length; i += READ_IDS_PER_EVENT) {
        push(threadAudience(clientId), { type: 'message.read', messageIds: messageIds.slice(i, i + READ_IDS_PER_EVENT), clientId });
      }
    }),
    events.on('content.submitted', ({ clientId, items }) => push(threadAudience(clientId), contentChanged(clientId, items))),
    events.on('content.reviewed', ({ clientId, items }) => push(threadAudience(clientId), contentChanged(clientId, items))),
    // An internal comment reaches the staff's screens only: the client is never told it exists.
    events.on('content.comment_added', ({ clientId, contentId, visibility }) =>
      push(visibility === 'shared' ? threadAudience(clientId) : { staffOf: clientId }, contentChanged(clientId, [{ id: contentId }])),
    ),
    events.on('content.review_requested', ({ clientId, contentId }) => push(threadAudience(clientId), contentChanged(clientId, [{ id: contentId }]))),
    events.on('social.account_changed', ({ clientId, accountIds }) =>
      push(threadAudience(clientId), { type: 'metrics.updated', clientId, accountIds }),
    ),
    events.on('social.connection_broken', ({ clientId, accountId }) =>
      push(threadAudience(clientId), { type: 'metrics.updated', clientId, accountIds: [accountId] }),
    ),
    ...(['order.paid', 'order.delivery_changed', 'order.refill_requested'] as const).map((name) =>
      events.on(name, ({ clientId, orderId }) => push(threadAudience(clientId), { type: 'orders.changed', clientId, orderId })),
    ),
    ...(['intake.requested', 'intake.submitted'] as const).map((name) =>
      events.on(name, ({ clientId, intakeId }) => push(threadAudience(clientId), { type: 'intake.changed', clientId, intakeId })),
    ),
    events.on('presence.changed', ({ userId, role, clientId, status }) =>
      push(presenceAudience(role, clientId), { type: 'presence.changed', userId, status }),
    ),
  ];
}
