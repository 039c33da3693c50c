import type { TInvoice } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';

/** How a client sees an invoice: a pending invoice past its due date is overdue. */
export type TClientInvoiceStatus = 'paid' | 'pending' | 'overdue' | 'refunded';

export function clientInvoiceStatus(invoice: Pick<TInvoice, 'status' | 'is_overdue'>): TClientInvoiceStatus {
  if (invoice.status === 'pending' && invoice.is_overdue) return 'overdue';
  return invoice.status;
}

/** Pay Now is offered on what is still owed: pending and overdue invoices. */
export function isPayable(invoice: Pick<TInvoice, 'status'>): boolean {
  return invoice.status === 'pending' || invoice.status === 'overdue';
}

const tones: Record<TClientInvoiceStatus, BadgeTone> = { paid: 'success', pending: 'warning', overdue: 'danger', refunded: 'default' };
const labels: Record<TClientInvoiceStatus, string> = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue', refunded: 'Refunded' };

/** Paid success, pending warning, overdue danger, refunded neutral. */
export function ClientInvoiceStatusBadge({ invoice }: { invoice: Pick<TInvoice, 'status' | 'is_overdue'> }) {
  const status = clientInvoiceStatus(invoice);
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}
