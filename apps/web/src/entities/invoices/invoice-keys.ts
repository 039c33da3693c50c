import type { TInvoiceListQuery } from '@agency/contract';

/** Query keys of invoices, for every screen that reads them (admin Invoices and Overview, client Billing, Overview and Quick Help). */
export const invoiceKeys = {
  all: ['invoices'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (query: TInvoiceListQuery) => [...invoiceKeys.lists(), query] as const,
  summary: () => [...invoiceKeys.all, 'summary'] as const,
  recentPayments: () => [...invoiceKeys.all, 'recent-payments'] as const,
  overdue: () => [...invoiceKeys.all, 'overdue'] as const,
  detail: (id: number) => [...invoiceKeys.all, 'detail', id] as const,
  payments: (id: number) => [...invoiceKeys.all, 'payments', id] as const,
};
