import type { TNotification } from '@agency/contract';
import * as Menu from '@radix-ui/react-dropdown-menu';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button, ListSkeleton } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatBadgeCount, formatRelativeTime } from '@/lib/format';
import { useBellNotifications, useNotificationActions } from '../api/notifications.queries';
import { maxId, newArrivals } from '../lib/notification-utils';
import { dismissReadNotificationToasts } from '../lib/toast-store';
import { useNotificationArrival } from '../notifications-provider';
import { NotificationIcon } from './notification-icon';

/**
 * Notifications that show up in the bell after its first load become toasts (when the socket is down this
 * is how new ones are noticed); the backlog at login does not. Toasts of notifications read elsewhere go.
 */
function useArrivalToasts(results: readonly TNotification[] | undefined) {
  const known = useRef<number | null>(null);
  const arrived = useNotificationArrival();
  useEffect(() => {
    if (!results) return;
    if (known.current === null) {
      known.current = maxId(results);
      return;
    }
    for (const n of newArrivals(known.current, results)) arrived(n);
    known.current = maxId(results, known.current);
    dismissReadNotificationToasts(results.filter((n) => n.read).map((n) => n.id));
  }, [results, arrived]);
}

function BellItem({ n, onOpen }: { n: TNotification; onOpen: (n: TNotification) => void }) {
  return (
    <Menu.Item
      onSelect={() => onOpen(n)}
      data-testid="bell-notification"
      className={cn(
        'flex cursor-pointer gap-3 px-4 py-3 outline-none select-none focus:bg-subtle data-[highlighted]:bg-subtle',
        !n.read && 'bg-brand-50/50',
      )}
    >
      <NotificationIcon type={n.type} />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <p className={cn('text-sm text-fg', n.read ? 'font-normal' : 'font-semibold')}>{n.title}</p>
          {!n.read && (
            <span className="mt-1.5 flex shrink-0 items-center">
              <span aria-hidden className="h-2 w-2 rounded-full bg-brand-600" />
              <span className="sr-only">Unread</span>
            </span>
          )}
        </div>
        <p className="line-clamp-2 text-sm text-fg-muted">{n.message}</p>
        <p className="mt-1 text-xs text-fg-subtle">
          <time dateTime={n.timestamp}>{formatRelativeTime(n.timestamp)}</time>
        </p>
      </div>
    </Menu.Item>
  );
}

/** The header bell (admin-and-foundations 2.3): unread badge (9+), dropdown of the 10 newest. */
export function NotificationBell() {
  const query = useBellNotifications();
  const list = query.data?.body;
  const results = list?.results;
  const unread = list?.unread_count ?? 0;
  useArrivalToasts(results);
  const { open, markAllRead } = useNotificationActions();

  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative"
          aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
          data-testid="notification-bell"
        >
          <Bell aria-hidden className="h-5 w-5" />
          {unread > 0 && (
            <span
              data-testid="notification-badge"
              aria-hidden
              className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-danger-600 px-1 text-[11px] font-semibold text-white tabular-nums ring-2 ring-surface"
            >
              {formatBadgeCount(unread)}
            </span>
          )}
        </Button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 flex max-h-[min(32rem,calc(100vh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-lg border border-border bg-surface shadow-overlay"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <Menu.Label className="text-sm font-semibold text-fg">
              Notifications
              {unread > 0 && <span className="ml-1 font-normal text-fg-muted">({unread} unread)</span>}
            </Menu.Label>
            <Menu.Item
              disabled={unread === 0}
              onSelect={(e) => {
                e.preventDefault();
                markAllRead.mutate({});
              }}
              className="flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-brand-700 outline-none hover:bg-brand-50 focus:bg-brand-50 data-[disabled]:cursor-not-allowed data-[disabled]:text-fg-subtle data-[disabled]:hover:bg-transparent"
            >
              <CheckCheck aria-hidden className="h-4 w-4" />
              Mark all as read
            </Menu.Item>
          </div>
          {/* Focusable, so the list scrolls from the keyboard when it is longer than the menu (axe:
              scrollable-region-focusable); the menu's items are reached with the arrow keys as before. */}
          <div tabIndex={0} aria-label="Notification list" role="group" className="min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-600">
            {query.isPending ? (
              <ListSkeleton label="Loading notifications" className="space-y-3 p-4" />
            ) : query.isError && !results ? (
              <div role="alert" className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-fg-muted">
                Failed to load notifications
                <Menu.Item
                  onSelect={(e) => {
                    e.preventDefault();
                    void query.refetch();
                  }}
                  className="cursor-pointer rounded-md px-2 py-1 font-medium text-brand-700 outline-none focus:bg-brand-50"
                >
                  Try Again
                </Menu.Item>
              </div>
            ) : !results || results.length === 0 ? (
              <p className="px-4 py-10 text-center text-sm text-fg-muted">No notifications yet</p>
            ) : (
              <div className="divide-y divide-border">
                {results.map((n) => (
                  <BellItem key={n.id} n={n} onOpen={open} />
                ))}
              </div>
            )}
          </div>
          <Menu.Item asChild>
            <Link
              to={{ pathname: '/dashboard', hash: 'notifications' }}
              className="block border-t border-border px-4 py-3 text-center text-sm font-medium text-brand-700 outline-none hover:bg-subtle focus:bg-subtle"
            >
              View all notifications
            </Link>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/** The notification bell as the dashboard header mounts it (admin-and-foundations 2.3). */
export function NotificationBellSlot() {
  return (
    <div data-slot="notification-bell" className="flex items-center">
      <NotificationBell />
    </div>
  );
}
