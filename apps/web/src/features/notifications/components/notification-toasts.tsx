import { X } from 'lucide-react';
import { formatRelativeTime } from '@/lib/format';
import { useNotificationActions } from '../api/notifications.queries';
import { dismissNotificationToast, useNotificationToasts } from '../lib/toast-store';
import { NotificationIcon } from './notification-icon';

/** At most 3 new unread notifications, newest on top, under the header on the right. */
export function NotificationToasts() {
  const toasts = useNotificationToasts();
  const { open } = useNotificationActions();
  return (
    <div
      role="region"
      aria-label="New notifications"
      aria-live="polite"
      className="pointer-events-none fixed top-20 right-4 left-4 z-[55] flex flex-col items-end gap-2 sm:left-auto"
    >
      {toasts.map(({ notification: n }) => (
        <div
          key={n.id}
          role="status"
          data-testid="notification-toast"
          className="pointer-events-auto flex w-full max-w-sm items-start gap-1 rounded-lg border border-border bg-surface shadow-overlay"
        >
          <button
            type="button"
            onClick={() => open(n)}
            className="flex min-w-0 flex-1 items-start gap-3 rounded-l-lg p-3 text-left hover:bg-subtle"
          >
            <NotificationIcon type={n.type} />
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-semibold text-fg">{n.title}</span>
              <span className="line-clamp-2 block text-sm text-fg-muted">{n.message}</span>
              <span className="mt-1 block text-xs text-fg-subtle">{formatRelativeTime(n.timestamp)}</span>
            </span>
          </button>
          <button
            type="button"
            onClick={() => dismissNotificationToast(n.id)}
            aria-label={`Dismiss ${n.title}`}
            className="m-2 rounded-sm p-1 text-fg-subtle hover:text-fg"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
