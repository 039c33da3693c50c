import { tsr } from '@/lib/tsr';
import { invoiceKeys } from '../invoice-keys';

/** GET /api/invoices/summary/: paid, pending and overdue totals over the invoices the caller reaches (a client: its own). */
export function useInvoiceSummary() {
  return tsr.invoices.getInvoiceSummary.useQuery({ queryKey: invoiceKeys.summary() });
}
