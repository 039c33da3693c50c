import type { TInvoice } from '@agency/contract';

/** The invoice's description, 'Monthly subscription' when it has none (client-and-public 2.8). */
export function invoiceDescription(invoice: Pick<TInvoice, 'description'>): string {
  return invoice.description?.trim() || 'Monthly subscription';
}
