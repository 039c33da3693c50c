import type { TInvoice } from '@agency/contract';
import { AlertCircle } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDay, formatUsdCents } from '@/lib/format';

const tones: Record<TInvoice['status'], BadgeTone> = { paid: 'success', pending: 'warning', overdue: 'danger', refunded: 'default' };
const labels: Record<TInvoice['status'], string> = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue', refunded: 'Refunded' };

/** Paid success, pending warning, overdue danger, refunded neutral. */
export function InvoiceStatusBadge({ status }: { status: TInvoice['status'] }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
}

/** Where an invoice stands today: a pending invoice past its due date is overdue. */
export function currentInvoiceStatus(invoice: Pick<TInvoice, 'status' | 'is_overdue'>): TInvoice['status'] {
  if (invoice.status === 'pending' && invoice.is_overdue) return 'overdue';
  return invoice.status;
}

/** The status badge as of today (a pending invoice past its due date shows Overdue). */
export function CurrentInvoiceStatusBadge({ invoice }: { invoice: Pick<TInvoice, 'status' | 'is_overdue'> }) {
  return <InvoiceStatusBadge status={currentInvoiceStatus(invoice)} />;
}

/** Pay Now is offered on what is still owed: pending and overdue invoices. */
export function isPayable(invoice: Pick<TInvoice, 'status'>): boolean {
  return invoice.status === 'pending' || invoice.status === 'overdue';
}

/** How a paid invoice was paid ('Card · Visa •••• 4242' or 'Manual') and what was refunded of it, under its status. */
export function PaymentNote({ invoice, className }: { invoice: Pick<TInvoice, 'status' | 'paid_via' | 'payment_card' | 'refunded_amount'>; className?: string }) {
  const via =
    invoice.paid_via === 'card' ? `Card${invoice.payment_card ? ` · ${invoice.payment_card}` : ''}` : invoice.paid_via === 'manual' ? 'Manual' : null;
  const refunded = invoice.refunded_amount > 0 && invoice.status !== 'refunded' ? `Refunded ${formatUsdCents(invoice.refunded_amount)}` : null;
  if (!via && !refunded) return null;
  return (
    <span className={cn('flex flex-col text-xs text-fg-muted', className)}>
      {via && <span className="whitespace-nowrap">{via}</span>}
      {refunded && <span className="whitespace-nowrap text-warning-700 tabular-nums">{refunded}</span>}
    </span>
  );
}

/** Due date; red with an 'Overdue' label when the invoice is pending and past due (is_overdue). */
export function DueDate({ invoice, className }: { invoice: Pick<TInvoice, 'due_date' | 'is_overdue'>; className?: string }) {
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-x-2 gap-y-0.5', className)}>
      <span className={cn('tabular-nums', invoice.is_overdue ? 'font-medium text-danger-700' : 'text-fg')}>
        {formatDay(invoice.due_date)}
      </span>
      {invoice.is_overdue && (
        <span className="inline-flex items-center gap-0.5 text-xs font-medium text-danger-700">
          <AlertCircle aria-hidden className="h-3.5 w-3.5" />
          Overdue
        </span>
      )}
    </span>
  );
}
