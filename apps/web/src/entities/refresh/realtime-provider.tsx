import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAuth } from '@/lib/auth';
import { fetchTicket, RealtimeClient, RealtimeContext, socketUrl } from '@/lib/realtime';
import { notificationKeys } from '../notifications/notification-keys';
import { CATCH_UP_KEYS, dispatchRealtimeEvent, type TRealtimeHandlers } from './realtime-refresh';

export interface RealtimeProviderProps extends TRealtimeHandlers {
  children: ReactNode;
}

/**
 * Opens the socket while a user is signed in (once, near the dashboard shell) and closes it on logout.
 * Cached notifications are dropped when the user is no longer authenticated.
 */
export function RealtimeProvider({ children, onNotification }: RealtimeProviderProps) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const handlers = useRef<TRealtimeHandlers>({ onNotification });
  useEffect(() => {
    handlers.current = { onNotification };
  }, [onNotification]);

  useEffect(() => {
    if (userId === null) {
      queryClient.removeQueries({ queryKey: notificationKeys.all });
      return;
    }
    let everConnected = false;
    // Set when the server ended the socket's session; the next open socket (a fresh ticket, so a token that is
    // still valid) reloads everything.
    let sessionEnded = false;
    const client = new RealtimeClient({
      getTicket: fetchTicket,
      url: (ticket) => socketUrl(ticket),
      onEvent: (event) => dispatchRealtimeEvent(event, queryClient, handlers.current),
      onConnectedChange: (value) => {
        setConnected(value);
        if (value && sessionEnded) {
          // What the session grants changed (a role, an assignment, a team permission): read the session and
          // everything shown again, so the open page follows at once.
          sessionEnded = false;
          void queryClient.invalidateQueries();
        } else if (value && everConnected) {
          // Events may have been missed while the socket was down: catch up once it is back.
          for (const queryKey of CATCH_UP_KEYS) void queryClient.invalidateQueries({ queryKey });
        }
        if (value) everConnected = true;
      },
      // Not at once: this browser may itself have replaced its token (a password change ends the other sessions
      // and this socket), and a request sent before the new token is stored would sign it out. A token that was
      // revoked fails the reconnect's ticket and signs out there.
      onSessionEnded: () => {
        sessionEnded = true;
      },
    });
    client.start();
    return () => {
      client.stop();
      setConnected(false);
    };
  }, [userId, queryClient]);

  const value = useMemo(() => ({ connected }), [connected]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}
