import type { TInvoice } from '@agency/contract';
import { formatUsdCents } from '@/lib/format';

/** An invoice's amount; part paid, what it still owes under it ("$2,000.00 due"). */
export function InvoiceAmount({ invoice }: { invoice: Pick<TInvoice, 'amount' | 'amount_paid' | 'amount_due'> }) {
  const partly = invoice.amount_paid > 0 && invoice.amount_due > 0;
  return (
    <>
      {formatUsdCents(invoice.amount)}
      {partly && <span className="block text-xs font-normal text-warning-700">{formatUsdCents(invoice.amount_due)} due</span>}
    </>
  );
}
