import type { TInvoice } from '@agency/contract';
import { tsr } from '@/lib/tsr';
import { invoiceKeys } from '../invoice-keys';

/** GET /api/invoices/:id/ */
export const invoiceQueryOptions = (id: number) => ({ queryKey: invoiceKeys.detail(id), queryData: { params: { id } } });

export function useInvoice(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return tsr.invoices.getInvoice.useQuery({ ...invoiceQueryOptions(id), enabled });
}

/** The invoice a dialog was opened with, re-read so it stays current after an action (marked paid, reminded). */
export function useFreshInvoice(initial: TInvoice): TInvoice {
  const fresh = useInvoice(initial.id);
  return fresh.data?.status === 200 ? fresh.data.body : initial;
}
