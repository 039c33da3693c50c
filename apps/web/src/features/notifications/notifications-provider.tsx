import type { TNotification } from '@agency/contract';
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RealtimeProvider } from '@/entities/refresh/realtime-provider';
import { useAuth } from '@/lib/auth';
import { useNotificationActions } from './api/notifications.queries';
import { NotificationToasts } from './components/notification-toasts';
import { isAboutWhatIsOnScreen } from './lib/notification-utils';
import { clearNotificationToasts, pushNotificationToast } from './lib/toast-store';

/**
 * What to do with a notification that just arrived: a toast, unless the reader is looking at what it is about
 * (isAboutWhatIsOnScreen), in which case it is read at once and nothing pops up.
 */
export function useNotificationArrival(): (n: TNotification) => void {
  const role = useAuth().user?.role ?? 'client';
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.search}${location.hash}`;
  const { mutate: markRead } = useNotificationActions().markRead;
  return useCallback(
    (n: TNotification) => {
      if (isAboutWhatIsOnScreen(n, role, here.current)) {
        if (!n.read) markRead({ params: { id: n.id } });
        return;
      }
      pushNotificationToast(n);
    },
    [markRead, role],
  );
}

/**
 * Mounted once around the dashboard shell: the realtime socket (with its polling fallback) and the
 * notification toasts. Leaving the signed-in area (logout) closes the socket and drops the toasts.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  useEffect(() => () => clearNotificationToasts(true), []);
  const onNotification = useNotificationArrival();
  return (
    <RealtimeProvider onNotification={onNotification}>
      {children}
      <NotificationToasts />
    </RealtimeProvider>
  );
}
