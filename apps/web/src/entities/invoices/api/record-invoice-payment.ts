import { tsr } from '@/lib/tsr';

/** POST /api/invoices/:id/payments/: staff record a payment received outside the portal (bank transfer, cash, …). */
export function useRecordInvoicePayment() {
  return tsr.invoices.recordInvoicePayment.useMutation();
}
