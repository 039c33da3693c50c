import type { TInvoice } from '@agency/contract';
import { format, parseISO } from 'date-fns';
import { AlertCircle } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatUsdCents } from '@/lib/format';

const tones: Record<TInvoice['status'], BadgeTone> = { paid: 'success', pending: 'warning', overdue: 'danger', refunded: 'default' };
const labels: Record<TInvoice['status'], string> = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue', refunded: 'Refunded' };

export function InvoiceStatusBadge({ status }: { status: TInvoice['status'] }) {
  return <Badge tone={tones[status]}>{labels[status]}</Badge>;
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

/** 'Mar 3, 2025' from a YYYY-MM-DD calendar date (no time-zone shift). */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '—';
  const d = parseISO(day.length === 10 ? `${day}T00:00:00` : day);
  return Number.isNaN(d.getTime()) ? day : format(d, 'MMM d, yyyy');
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
