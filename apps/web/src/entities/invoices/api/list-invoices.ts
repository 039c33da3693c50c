import type { TInvoiceListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { invoiceKeys } from '../invoice-keys';

/** GET /api/invoices/ with filters, search, ordering and paging (a client reads its own invoices only). */
export const invoiceListQueryOptions = (query: TInvoiceListQuery) => ({ queryKey: invoiceKeys.list(query), queryData: { query } });

export interface TInvoiceListOptions {
  enabled?: boolean;
  staleTime?: number;
  /** Keep showing the previous page while the next one loads (paged tables). */
  keepPrevious?: boolean;
}

export function useInvoiceList(query: TInvoiceListQuery, { enabled = true, staleTime, keepPrevious = false }: TInvoiceListOptions = {}) {
  return tsr.invoices.listInvoices.useQuery({
    ...invoiceListQueryOptions(query),
    enabled,
    ...(staleTime !== undefined && { staleTime }),
    ...(keepPrevious && { placeholderData: keepPreviousData }),
  });
}
