import { DASHBOARD_PATH, LIMITS, type TNotification, type TNotificationList } from '@agency/contract';
import { keepPreviousData, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/ui';
import { notificationKeys } from '@/entities/notifications/notification-keys';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/format';
import { usePollingFallback } from '@/lib/realtime';
import { tsr } from '@/lib/tsr';
import { notificationTarget } from '../lib/notification-utils';
import { clearNotificationToasts, dismissNotificationToast } from '../lib/toast-store';


/** Fallback poll of the bell and the list while the socket is down (PRODUCT.md: polling only as the fallback). */
export const BELL_POLL_MS = LIMITS.clientMessagePollMs;
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** The 10 newest notifications and the unread count, kept fresh by the socket or by polling. */
export function useBellNotifications() {
  const refetchInterval = usePollingFallback(BELL_POLL_MS);
  return tsr.notifications.listNotifications.useQuery({
    queryKey: notificationKeys.bell(),
    queryData: { query: { page_size: LIMITS.notificationDropdown } },
    refetchInterval,
    staleTime: 10_000,
  });
}

/** One page of every notification (20 a page), all or only the unread ones. */
export function useNotificationList(page: number, unread: boolean) {
  const refetchInterval = usePollingFallback(BELL_POLL_MS);
  const query = { page, page_size: NOTIFICATIONS_PAGE_SIZE, ...(unread ? { unread: true } : {}) };
  return tsr.notifications.listNotifications.useQuery({
    queryKey: notificationKeys.list({ page, unread }),
    queryData: { query },
    placeholderData: keepPreviousData,
    refetchInterval,
  });
}

type TCached = { status: number; body: TNotificationList; headers: Headers } | undefined;

/** Patch every cached notification list (bell and pages) so the badge reacts before the server answers. */
function patchLists(qc: QueryClient, patch: (list: TNotificationList) => TNotificationList) {
  qc.setQueriesData<TCached>({ queryKey: notificationKeys.all }, (old) =>
    old && old.body && Array.isArray(old.body.results) ? { ...old, body: patch(old.body) } : old,
  );
}

function markReadIn(list: TNotificationList, id: number): TNotificationList {
  const target = list.results.find((n) => n.id === id);
  const wasUnread = target ? !target.read : false;
  return {
    ...list,
    unread_count: wasUnread ? Math.max(0, list.unread_count - 1) : list.unread_count,
    results: list.results.map((n) => (n.id === id ? { ...n, read: true } : n)),
  };
}

/** Mark read, mark all read, remove, clear, and "open" (mark read + jump to its section). */
export function useNotificationActions() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const invalidate = useCallback(() => qc.invalidateQueries({ queryKey: notificationKeys.all }), [qc]);

  const markRead = tsr.notifications.markNotificationRead.useMutation({
    onMutate: ({ params }) => {
      const id = Number(params.id);
      dismissNotificationToast(id);
      patchLists(qc, (list) => markReadIn(list, id));
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update notification')),
    onSettled: invalidate,
  });

  const markAllRead = tsr.notifications.markAllNotificationsRead.useMutation({
    onMutate: () => {
      clearNotificationToasts();
      patchLists(qc, (list) => ({ ...list, unread_count: 0, results: list.results.map((n) => ({ ...n, read: true })) }));
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update notifications')),
    onSettled: invalidate,
  });

  const remove = tsr.notifications.deleteNotification.useMutation({
    onSuccess: (_res, { params }) => {
      dismissNotificationToast(Number(params.id));
      toast.success('Notification removed');
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to remove notification')),
    onSettled: invalidate,
  });

  const clearAll = tsr.notifications.clearNotifications.useMutation({
    onSuccess: () => {
      clearNotificationToasts();
      toast.success('All notifications cleared');
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to clear notifications')),
    onSettled: invalidate,
  });

  const { mutate: mutateRead } = markRead;
  const role = useAuth().user?.role ?? 'client';
  /** Clicking a notification: mark it read and jump to its section of the reader's dashboard. */
  const open = useCallback(
    (n: TNotification) => {
      dismissNotificationToast(n.id);
      if (!n.read) mutateRead({ params: { id: n.id } });
      navigate(`${DASHBOARD_PATH}${notificationTarget(n, role)}`);
    },
    [mutateRead, navigate, role],
  );

  return { markRead, markAllRead, remove, clearAll, open };
}
