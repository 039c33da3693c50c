import { tsr } from '@/lib/tsr';
import { invoiceKeys } from '../invoice-keys';

/** GET /api/invoices/:id/payments/: the payments the agency recorded on an invoice, reversed ones too. */
export function useInvoicePayments(id: number) {
  return tsr.invoices.listInvoicePayments.useQuery({ queryKey: invoiceKeys.payments(id), queryData: { params: { id } } });
}
