import { LIMITS, type TClientListQuery, type TContentListQuery, type TInvoiceListQuery, type TTaskListQuery } from '@agency/contract';
import { useClientList } from '@/entities/clients/api/list-clients';
import { clientKeys } from '@/entities/clients/client-keys';
import { useContentList } from '@/entities/content/api/list-content';
import { contentKeys } from '@/entities/content/content-keys';
import { dashboardKeys } from '@/entities/dashboard/dashboard-keys';
import { useInvoiceList } from '@/entities/invoices/api/list-invoices';
import { invoiceKeys } from '@/entities/invoices/invoice-keys';
import { useTaskList } from '@/entities/tasks/api/list-tasks';
import { taskKeys } from '@/entities/tasks/task-keys';
import { tsr } from '@/lib/tsr';

const RECENT_TASKS_QUERY: TTaskListQuery = { page_size: LIMITS.overviewTasks, ordering: '-created_at' };
const OVERVIEW_CLIENTS_QUERY: TClientListQuery = { page_size: LIMITS.overviewClients };
const PENDING_CONTENT_QUERY: TContentListQuery = { status: 'pending-approval', page_size: LIMITS.overviewPendingContent };
const RECENT_INVOICES_QUERY: TInvoiceListQuery = { page_size: LIMITS.overviewInvoices };

/** The keys of what the admin overview shows (its Refresh refetches them), each from its entity's key factory. */
export const overviewKeys = {
  stats: dashboardKeys.stats(),
  recentTasks: taskKeys.list(RECENT_TASKS_QUERY),
  clients: clientKeys.list(OVERVIEW_CLIENTS_QUERY),
  pendingContent: contentKeys.list(PENDING_CONTENT_QUERY),
  invoices: invoiceKeys.list(RECENT_INVOICES_QUERY),
  waiting: contentKeys.waiting(),
};

export function useDashboardStats(enabled: boolean) {
  return tsr.dashboard.getDashboardStats.useQuery({ queryKey: overviewKeys.stats, enabled });
}

export function useRecentTasks(enabled: boolean) {
  return useTaskList(RECENT_TASKS_QUERY, { enabled });
}

export function useOverviewClients(enabled: boolean) {
  return useClientList(OVERVIEW_CLIENTS_QUERY, { enabled });
}

export function usePendingContent(enabled: boolean) {
  return useContentList(PENDING_CONTENT_QUERY, { enabled });
}

/** What waits on whom: items waiting for the staff review and for the clients, by client, oldest first. */
export function useContentWaiting(enabled: boolean) {
  return tsr.content.getContentWaiting.useQuery({ queryKey: overviewKeys.waiting, enabled });
}

export function useRecentInvoices(enabled: boolean) {
  return useInvoiceList(RECENT_INVOICES_QUERY, { enabled });
}
