import type { TNotification } from '@agency/contract';
import { BellOff, Check, CheckCheck, Trash2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  ListSkeleton,
  Pagination,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage, formatRelativeTime } from '@/lib/format';
import { NOTIFICATIONS_PAGE_SIZE, useNotificationActions, useNotificationList } from './api/notifications.queries';
import { NotificationIcon } from './components/notification-icon';

export const CLEAR_ALL_CONFIRM = 'Are you sure you want to clear all notifications? This cannot be undone.';

type TFilter = 'all' | 'unread';

/** Filter and page live in the URL query next to the #notifications hash. */
function useListParams() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const filter: TFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const raw = Number(params.get('page'));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const update = useCallback(
    (changes: { filter?: TFilter; page?: number }) => {
      const next = new URLSearchParams(location.search);
      if (changes.filter !== undefined) {
        if (changes.filter === 'unread') next.set('filter', 'unread');
        else next.delete('filter');
      }
      if (changes.page !== undefined) {
        if (changes.page > 1) next.set('page', String(changes.page));
        else next.delete('page');
      }
      const search = next.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    },
    [location.hash, location.pathname, location.search, navigate],
  );
  return { filter, page, update };
}

function NotificationRow({
  n,
  onOpen,
  onMarkRead,
  onRemove,
  removing,
}: {
  n: TNotification;
  onOpen: () => void;
  onMarkRead: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  return (
    <li className={cn('flex flex-col gap-3 p-4 sm:flex-row sm:items-start', !n.read && 'bg-brand-50/40')} data-testid="notification-row">
      <div className="flex min-w-0 flex-1 gap-3">
        <NotificationIcon type={n.type} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              onClick={onOpen}
              className={cn('text-left text-sm text-fg hover:text-brand-700 hover:underline', n.read ? 'font-medium' : 'font-semibold')}
            >
              {n.title}
            </button>
            {!n.read && (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-700">
                <span aria-hidden className="h-1.5 w-1.5 rounded-full bg-brand-600" />
                Unread
              </span>
            )}
          </div>
          <p className="mt-0.5 text-sm break-words text-fg-muted">{n.message}</p>
          <p className="mt-1 text-xs text-fg-subtle">
            <time dateTime={n.timestamp}>{formatRelativeTime(n.timestamp)}</time>
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2 pl-11 sm:pl-0">
        {!n.read && (
          <Button variant="secondary" size="sm" onClick={onMarkRead}>
            <Check aria-hidden className="h-4 w-4" />
            Mark as read
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={onRemove} loading={removing} aria-label={`Remove notification: ${n.title}`}>
          {!removing && <Trash2 aria-hidden className="h-4 w-4" />}
          <span className="max-sm:sr-only">Remove</span>
        </Button>
      </div>
    </li>
  );
}

/** #notifications: every notification of the signed-in user, paginated, all / unread. */
export default function NotificationsPage() {
  const { filter, page, update } = useListParams();
  const list = useNotificationList(page, filter === 'unread');
  const { open, markRead, markAllRead, remove, clearAll } = useNotificationActions();
  const [confirmClear, setConfirmClear] = useState(false);
  const [removingId, setRemovingId] = useState<number | null>(null);

  const body = list.data?.body;
  const results = body?.results ?? [];
  const unread = body?.unread_count ?? 0;
  const count = body?.count ?? 0;

  const onRemove = (n: TNotification) => {
    setRemovingId(n.id);
    remove.mutate(
      { params: { id: n.id } },
      {
        onSuccess: () => {
          if (results.length === 1 && page > 1) update({ page: page - 1 });
        },
        onSettled: () => setRemovingId(null),
      },
    );
  };

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-xl font-semibold text-fg">Notifications</h2>
          <p className="text-sm text-fg-muted" data-testid="notifications-summary">
            {body ? (unread > 0 ? `${unread} unread` : 'All caught up') : '\u00a0'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={unread === 0} loading={markAllRead.isPending} onClick={() => markAllRead.mutate({})}>
            {!markAllRead.isPending && <CheckCheck aria-hidden className="h-4 w-4" />}
            Mark all as read
          </Button>
          <Button variant="danger" size="sm" disabled={!body || (count === 0 && filter === 'all')} onClick={() => setConfirmClear(true)}>
            <Trash2 aria-hidden className="h-4 w-4" />
            Clear all
          </Button>
        </div>
      </div>

      <Tabs value={filter} onValueChange={(v) => update({ filter: v === 'unread' ? 'unread' : 'all', page: 1 })}>
        <TabsList aria-label="Filter notifications">
          <TabsTrigger value="all">All</TabsTrigger>
          <TabsTrigger value="unread">Unread{unread > 0 ? ` (${unread})` : ''}</TabsTrigger>
        </TabsList>

        {/* The selected tab's panel holds the list: a tab must control an element that exists (aria-controls). */}
        <TabsContent value={filter} className="space-y-4">
          <Card className="overflow-hidden p-0">
            {list.isPending ? (
              <ListSkeleton label="Loading notifications" rows={5} className="divide-y divide-border" rowClassName="p-4" />
            ) : list.isError && !body ? (
              <ErrorState
                message={errorMessage(list.error, 'Failed to load notifications')}
                onRetry={() => void list.refetch()}
                retrying={list.isFetching}
              />
            ) : results.length === 0 ? (
              filter === 'unread' ? (
                <EmptyState
                  icon={<CheckCheck aria-hidden className="h-6 w-6" />}
                  title="No unread notifications"
                  description="You're all caught up."
                  action={
                    <Button variant="secondary" onClick={() => update({ filter: 'all', page: 1 })}>
                      Show all notifications
                    </Button>
                  }
                />
              ) : (
                <EmptyState
                  icon={<BellOff aria-hidden className="h-6 w-6" />}
                  title="No notifications yet"
                  description="Updates about your tasks, content, messages and invoices will appear here."
                />
              )
            ) : (
              <ul className={cn('divide-y divide-border', list.isPlaceholderData && 'opacity-60')}>
                {results.map((n) => (
                  <NotificationRow
                    key={n.id}
                    n={n}
                    onOpen={() => open(n)}
                    onMarkRead={() => markRead.mutate({ params: { id: n.id } })}
                    onRemove={() => onRemove(n)}
                    removing={removingId === n.id}
                  />
                ))}
              </ul>
            )}
          </Card>

          <Pagination page={page} count={count} pageSize={NOTIFICATIONS_PAGE_SIZE} onPageChange={(p) => update({ page: p })} />
        </TabsContent>
      </Tabs>

      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title="Clear all notifications"
        message={CLEAR_ALL_CONFIRM}
        confirmLabel="Clear all"
        loading={clearAll.isPending}
        onConfirm={() =>
          clearAll.mutate(
            {},
            {
              onSuccess: () => {
                setConfirmClear(false);
                update({ page: 1 });
              },
            },
          )
        }
      />
    </div>
  );
}
