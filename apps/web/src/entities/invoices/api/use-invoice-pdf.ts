import type { TInvoice } from '@agency/contract';
import { useState } from 'react';
import { useToast } from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/format';

/** Downloads an invoice's PDF (GET /invoices/:id/pdf/); `downloading` is the id in flight, for the button's spinner. */
export function useInvoicePdf() {
  const { error } = useToast();
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = (invoice: Pick<TInvoice, 'id' | 'invoice_number'>) => {
    setDownloading(invoice.id);
    downloadFile(`/api/invoices/${invoice.id}/pdf/`, `invoice-${invoice.invoice_number}.pdf`)
      .catch((err: unknown) => error(errorMessage(err, 'Failed to download the PDF')))
      .finally(() => setDownloading(null));
  };
  return { download, downloading };
}
