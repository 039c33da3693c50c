import { LIMITS } from '@agency/contract';

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
};

/** Prefixes to invalidate after a change (every list of that resource, in any section). */
export const resourcePrefixes = {
  dashboard: ['dashboard'],
  tasks: ['tasks'],
  clients: ['clients'],
  content: ['content'],
  invoices: ['invoices'],
} as const;
