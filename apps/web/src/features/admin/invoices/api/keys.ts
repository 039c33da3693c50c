import type { TInvoiceListQuery } from '@agency/contract';

/** Query keys of the invoices screen. Everything lives under ['invoices'] so other features can invalidate it. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => ['invoices', 'list'] as const,
  list: (query: TInvoiceListQuery) => ['invoices', 'list', query] as const,
  summary: () => ['invoices', 'summary'] as const,
  recentPayments: () => ['invoices', 'recent-payments'] as const,
  overdue: () => ['invoices', 'overdue'] as const,
};

/** Prefixes of other sections whose numbers move when an invoice is created or paid. */
export { AFFECTED_BY_INVOICES } from '@/lib/query-prefixes';
