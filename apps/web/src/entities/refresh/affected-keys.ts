import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { analyticsKeys, metricsKeys, performanceKeys } from '../analytics/analytics-keys';
import { billingKeys } from '../billing/billing-keys';
import { clientKeys } from '../clients/client-keys';
import { contentKeys } from '../content/content-keys';
import { dashboardKeys } from '../dashboard/dashboard-keys';
import { intakeKeys } from '../intake/intake-keys';
import { invoiceKeys } from '../invoices/invoice-keys';
import { messageKeys } from '../messages/message-keys';
import { notificationKeys } from '../notifications/notification-keys';
import { orderKeys } from '../orders/order-keys';
import { socialAccountKeys } from '../social-accounts/social-account-keys';
import { taskKeys } from '../tasks/task-keys';

const orders = [orderKeys.all, invoiceKeys.all, billingKeys.all, dashboardKeys.all];

/**
 * What a change of one kind moves across the app, named by the entities' key factories. A screen's mutation and the
 * server's push of the same change (entities/refresh/realtime-refresh.ts) refresh the same keys.
 */
export const AFFECTED_KEYS = {
  tasks: [taskKeys.all, dashboardKeys.all],
  /** A client added, changed or removed: every client list (screens, pickers) and the dashboard's counts. */
  clients: [clientKeys.all, dashboardKeys.all],

  /** An invoice created or paid moves invoices, dashboard numbers, clients' payment status and billing. */
  invoices: [invoiceKeys.all, dashboardKeys.all, clientKeys.all, billingKeys.all],
  /** A message sent or read moves threads, conversations and the unread counts in notifications. */
  messages: [messageKeys.all, notificationKeys.all],
  /** A sync landed or an account was connected or disconnected: accounts, metrics, analytics, performance, dashboards. */
  metrics: [socialAccountKeys.all, metricsKeys.all, analyticsKeys.all, performanceKeys.all, dashboardKeys.all],
  /** Content changed status: content lists and stats, dashboards (pending approvals) and analytics (posts). */
  content: [contentKeys.all, dashboardKeys.all, analyticsKeys.all],
  /** An order was paid or its delivery moved: order lists (client and admin), invoices, billing and dashboards. */
  orders,
  /** An intake form was asked for, sent or skipped: the forms, and the orders whose delivery waits on them. */
  intake: [intakeKeys.all, ...orders],
} satisfies Record<string, readonly QueryKey[]>;

export type TChange = keyof typeof AFFECTED_KEYS;

export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void[]> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** A stable callback that refreshes everything a `change` moves. */
export function useInvalidateAffected(change: TChange): () => Promise<void[]> {
  const queryClient = useQueryClient();
  return useCallback(() => invalidateKeys(queryClient, AFFECTED_KEYS[change]), [queryClient, change]);
}
