import type { TNotification, TServerEvent } from '@agency/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { messageKeys, presenceKeys } from '../messages/message-keys';
import { notificationKeys } from '../notifications/notification-keys';
import { staffKeys } from '../staff/staff-keys';
import { AFFECTED_KEYS } from './affected-keys';

export interface TRealtimeHandlers {
  onNotification?: (notification: TNotification) => void;
}

/** What may have been pushed while the socket was down: read again once it is back. */
export const CATCH_UP_KEYS: readonly QueryKey[] = [notificationKeys.all, messageKeys.all];

/** The entity keys a pushed event moves. */
function keysMovedBy(event: TServerEvent): readonly QueryKey[] {
  switch (event.type) {
    case 'notification.created':
      return [notificationKeys.all];
    case 'message.created':
    case 'message.read':
      return [messageKeys.all];
    case 'presence.changed':
      return [presenceKeys.all, messageKeys.team(), staffKeys.all];
    case 'metrics.updated':
      return AFFECTED_KEYS.metrics;
    case 'content.changed':
      return AFFECTED_KEYS.content;
    case 'orders.changed':
      return AFFECTED_KEYS.orders;
    case 'intake.changed':
      return AFFECTED_KEYS.intake;
    case 'ready':
    case 'pong':
      // Connection bookkeeping only: nothing in the cache moves.
      return [];
  }
}

/** Applies a pushed event to the query cache (and hands a new notification to its toast). */
export function dispatchRealtimeEvent(event: TServerEvent, queryClient: QueryClient, handlers: TRealtimeHandlers = {}): void {
  for (const queryKey of keysMovedBy(event)) void queryClient.invalidateQueries({ queryKey });
  if (event.type === 'notification.created') handlers.onNotification?.(event.notification);
}
