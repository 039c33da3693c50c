import { ORDER_ITEM_STATUS_LABELS, type TOrder, type TOrderItemStatus, type TOrderLine } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatDay } from '@/lib/format';

const LINE_TONES: Record<TOrderItemStatus, BadgeTone> = {
  pending: 'default',
  in_progress: 'info',
  partial: 'warning',
  completed: 'success',
  refill_requested: 'warning',
  refilled: 'success',
};

/** A line's delivery status (Pending, In Progress, … Refilled). */
export function DeliveryStatusBadge({ status }: { status: TOrderItemStatus }) {
  return <Badge tone={LINE_TONES[status]}>{ORDER_ITEM_STATUS_LABELS[status]}</Badge>;
}

const PAYMENT: Record<TOrder['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Unpaid', tone: 'warning' },
  succeeded: { label: 'Paid', tone: 'success' },
  failed: { label: 'Payment failed', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'default' },
};

export const PAYMENT_STATUS_LABELS: Record<TOrder['status'], string> = {
  pending: PAYMENT.pending.label,
  succeeded: PAYMENT.succeeded.label,
  failed: PAYMENT.failed.label,
  cancelled: PAYMENT.cancelled.label,
};

/** An order's payment status. */
export function PaymentStatusBadge({ status }: { status: TOrder['status'] }) {
  const p = PAYMENT[status];
  return <Badge tone={p.tone}>{p.label}</Badge>;
}

/** Delivered out of ordered, as a fraction 0..1. */
export function deliveredFraction(line: Pick<TOrderLine, 'delivered' | 'ordered_amount'>): number {
  if (line.ordered_amount <= 0) return 0;
  return Math.min(1, Math.max(0, line.delivered / line.ordered_amount));
}

const count = new Intl.NumberFormat('en-US');

/** A line's progress: a bar and "1,200 / 2,000 delivered". */
export function DeliveryProgress({ line, label, className }: { line: TOrderLine; label: string; className?: string }) {
  const fraction = deliveredFraction(line);
  const percent = Math.round(fraction * 100);
  return (
    <div className={cn('space-y-1', className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={line.ordered_amount}
        aria-valuenow={Math.min(line.delivered, line.ordered_amount)}
        aria-valuetext={`${count.format(line.delivered)} of ${count.format(line.ordered_amount)} delivered`}
        className="h-2 w-full overflow-hidden rounded-full bg-subtle"
      >
        <div
          className={cn('h-full rounded-full', fraction >= 1 ? 'bg-success-600' : 'bg-brand-600')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex justify-between gap-2 text-xs text-fg-muted tabular-nums">
        <span>
          {count.format(line.delivered)} / {count.format(line.ordered_amount)} delivered
        </span>
        <span>{percent}%</span>
      </p>
    </div>
  );
}

/** A due date; overdue ones in the danger colour with the word 'Overdue'. */
export function ExpectedDate({ at, overdue }: { at: string | null; overdue: boolean }) {
  if (!at) return <span className="text-fg-subtle">—</span>;
  return (
    <span className={cn('inline-flex flex-wrap items-center gap-1 tabular-nums', overdue ? 'font-medium text-danger-700' : 'text-fg')}>
      {formatDay(at)}
      {overdue && <span className="text-xs font-semibold uppercase">Overdue</span>}
    </span>
  );
}

export { formatCount };
function formatCount(n: number): string {
  return count.format(n);
}
