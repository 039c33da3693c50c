import type { TAdminSection, TClientSection } from '@agency/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type TSection = LazyExoticComponent<ComponentType>;

/** One lazily loaded chunk per dashboard section (admin-and-foundations 2.1); the contract's DASHBOARD_SECTIONS. */
export const ADMIN_SECTIONS: Record<TAdminSection, TSection> = {
  overview: lazy(() => import('@/features/admin/overview/overview.page')),
  clients: lazy(() => import('@/features/admin/clients/clients.page')),
  tasks: lazy(() => import('@/features/admin/tasks/tasks.page')),
  content: lazy(() => import('@/features/admin/content/content.page')),
  performance: lazy(() => import('@/features/admin/performance/performance.page')),
  messages: lazy(() => import('@/features/messages/admin/messages.page')),
  invoices: lazy(() => import('@/features/admin/invoices/invoices.page')),
  orders: lazy(() => import('@/features/admin/orders/orders.page')),
  settings: lazy(() => import('@/features/admin/settings/settings.page')),
  notifications: lazy(() => import('@/features/notifications/notifications.page')),
};

/** Client sections (client-and-public 2.3). */
export const CLIENT_SECTIONS: Record<TClientSection, TSection> = {
  overview: lazy(() => import('@/features/client/overview/overview.page')),
  content: lazy(() => import('@/features/client/content/content.page')),
  performance: lazy(() => import('@/features/client/performance/performance.page')),
  messages: lazy(() => import('@/features/messages/client/messages.page')),
  billing: lazy(() => import('@/features/client/billing/billing.page')),
  team: lazy(() => import('@/features/client/team/team.page')),
  settings: lazy(() => import('@/features/client/settings/settings.page')),
  notifications: lazy(() => import('@/features/notifications/notifications.page')),
};
