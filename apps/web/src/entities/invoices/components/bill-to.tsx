import type { TInvoice } from '@agency/contract';

/** Whether the invoice carries the client's billing details (its Settings → Billing details). */
export const hasBillingDetails = (invoice: Pick<TInvoice, 'client_billing_address' | 'client_tax_id'>) =>
  Boolean(invoice.client_billing_address || invoice.client_tax_id);

/** The client's billing address (line by line) and tax ID, as the invoice and its PDF print them under "Bill to". */
export function BillingDetailsLines({ invoice }: { invoice: Pick<TInvoice, 'client_billing_address' | 'client_tax_id'> }) {
  return (
    <>
      {invoice.client_billing_address && <span className="block whitespace-pre-line">{invoice.client_billing_address}</span>}
      {invoice.client_tax_id && <span className="block">Tax ID: {invoice.client_tax_id}</span>}
    </>
  );
}
