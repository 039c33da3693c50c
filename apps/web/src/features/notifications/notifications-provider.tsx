import { useEffect, type ReactNode } from 'react';
import { RealtimeProvider } from '@/entities/refresh/realtime-provider';
import { NotificationToasts } from './components/notification-toasts';
import { clearNotificationToasts, pushNotificationToast } from './lib/toast-store';

const onNotification = (n: Parameters<typeof pushNotificationToast>[0]) => pushNotificationToast(n);

/**
 * Mounted once around the dashboard shell: the realtime socket (with its polling fallback) and the
 * notification toasts. Leaving the signed-in area (logout) closes the socket and drops the toasts.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  useEffect(() => () => clearNotificationToasts(true), []);
  return (
    <RealtimeProvider onNotification={onNotification}>
      {children}
      <NotificationToasts />
    </RealtimeProvider>
  );
}
