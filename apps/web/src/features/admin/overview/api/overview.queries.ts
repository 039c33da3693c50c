import { LIMITS } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';

/**
 * Query keys of the admin overview. Each starts with the resource's shared prefix (['dashboard'],
 * ['tasks'], ['clients'], ['content'], ['invoices']) so any section's invalidation reaches them.
 */
export const overviewKeys = {
  stats: ['dashboard', 'stats'] as const,
  recentTasks: ['tasks', 'list', { overview: true, page_size: LIMITS.overviewTasks }] as const,
  clients: ['clients', 'list', { overview: true, page_size: LIMITS.overviewClients }] as const,
  pendingContent: ['content', 'list', { overview: true, status: 'pending-approval', page_size: LIMITS.overviewPendingContent }] as const,
  invoices: ['invoices', 'list', { overview: true, page_size: LIMITS.overviewInvoices }] as const,
  /** Under ['content']: every content change and the content.changed push refresh it. */
  waiting: ['content', 'waiting'] as const,
};

/** Prefixes to invalidate after a change (every list of that resource, in any section). */
export const resourcePrefixes = {
  dashboard: ['dashboard'],
  tasks: ['tasks'],
  clients: ['clients'],
  content: ['content'],
  invoices: ['invoices'],
} as const;

export function useDashboardStats(enabled: boolean) {
  return tsr.dashboard.getDashboardStats.useQuery({ queryKey: overviewKeys.stats, enabled });
}

export function useRecentTasks(enabled: boolean) {
  return tsr.tasks.listTasks.useQuery({
    queryKey: overviewKeys.recentTasks,
    queryData: { query: { page_size: LIMITS.overviewTasks, ordering: '-created_at' } },
    enabled,
  });
}

export function useOverviewClients(enabled: boolean) {
  return tsr.clients.listClients.useQuery({
    queryKey: overviewKeys.clients,
    queryData: { query: { page_size: LIMITS.overviewClients } },
    enabled,
  });
}

export function usePendingContent(enabled: boolean) {
  return tsr.content.listContent.useQuery({
    queryKey: overviewKeys.pendingContent,
    queryData: { query: { status: 'pending-approval', page_size: LIMITS.overviewPendingContent } },
    enabled,
  });
}

/** What waits on whom: items waiting for the staff review and for the clients, by client, oldest first. */
export function useContentWaiting(enabled: boolean) {
  return tsr.content.getContentWaiting.useQuery({ queryKey: overviewKeys.waiting, enabled });
}

export function useRecentInvoices(enabled: boolean) {
  return tsr.invoices.listInvoices.useQuery({
    queryKey: overviewKeys.invoices,
    queryData: { query: { page_size: LIMITS.overviewInvoices } },
    enabled,
  });
}

/** Invalidate the given resource prefixes (and the dashboard cards, which count all of them). */
export function useInvalidate() {
  const qc = useQueryClient();
  return (...names: (keyof typeof resourcePrefixes)[]) =>
    Promise.all(
      [...new Set([...names, 'dashboard' as const])].map((n) => qc.invalidateQueries({ queryKey: [...resourcePrefixes[n]] })),
    );
}
