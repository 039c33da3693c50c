import type { TInvoice } from '@agency/contract';
import { Printer } from 'lucide-react';
import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { Button, Dialog } from '@/components/ui';
import { InvoiceDocument } from './invoice-document';

/** While the print view is open, only the printable copy of the invoice reaches the printer. */
const PRINT_CSS = `@media print {
  body > *:not([data-invoice-print]) { display: none !important; }
  [data-invoice-print] { display: block !important; padding: 0; }
}`;

/**
 * Print view without a route: a preview modal, plus a copy of the invoice attached to <body> that only
 * shows when printing. Opening it starts the browser's print dialog once; "Print" starts it again.
 */
export function InvoicePrintView({ invoice, onClose }: { invoice: TInvoice; onClose: () => void }) {
  useEffect(() => {
    // Let the printable copy render first.
    const t = window.setTimeout(() => window.print(), 150);
    return () => window.clearTimeout(t);
  }, [invoice.id]);

  return (
    <>
      <Dialog
        open
        onOpenChange={(o) => !o && onClose()}
        title={`Print ${invoice.invoice_number}`}
        className="max-w-2xl"
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            <Button onClick={() => window.print()}>
              <Printer aria-hidden className="h-4 w-4" />
              Print
            </Button>
          </>
        }
      >
        <div className="rounded-lg border border-border p-5" data-testid="invoice-print-preview">
          <InvoiceDocument invoice={invoice} />
        </div>
      </Dialog>
      {createPortal(
        <div data-invoice-print="" className="hidden bg-surface p-8">
          <style>{PRINT_CSS}</style>
          <InvoiceDocument invoice={invoice} />
        </div>,
        document.body,
      )}
    </>
  );
}
