import { MANUAL_PAYMENT_METHOD_LABELS, type TInvoicePayment } from '@agency/contract';
import type { ReactNode } from 'react';
import { Badge, Button, Skeleton } from '@/components/ui';
import type { TAudience } from '@/entities/audience';
import { errorMessage, formatDay, formatDateTime, formatUsdCents } from '@/lib/format';
import { useInvoicePayments } from '../api/list-invoice-payments';

/**
 * The payments the agency recorded on an invoice, oldest first: amount, day, method and reference; who recorded
 * it and when (for the agency); a reversed one stays, struck through, with who reversed it, when and why.
 * `reverseAction` puts a Reverse button on each payment that still counts (the agency's staff who may).
 */
export function InvoicePaymentHistory({
  invoiceId,
  audience,
  reverseAction,
}: {
  invoiceId: number;
  audience: TAudience;
  reverseAction?: (payment: TInvoicePayment) => ReactNode;
}) {
  const payments = useInvoicePayments(invoiceId);
  if (payments.isPending) return <Skeleton className="h-12" />;
  if (payments.isError) return <p className="text-sm text-danger-700">{errorMessage(payments.error, 'Could not load the payments')}</p>;
  const rows = payments.data.status === 200 ? payments.data.body.results : [];
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`payments-${invoiceId}`} className="mt-4 border-t border-border pt-3">
      <h3 id={`payments-${invoiceId}`} className="text-sm font-semibold text-fg">
        {audience === 'agency' ? 'Payments recorded' : 'Payments received'}
      </h3>
      <ul className="mt-2 space-y-2">
        {rows.map((p) => {
          const reversed = p.reversed_at !== null;
          return (
            <li key={p.id} className="rounded-md border border-border px-3 py-2 text-sm" data-testid="invoice-payment">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="min-w-0">
                  <span className={reversed ? 'font-semibold text-fg-muted tabular-nums line-through' : 'font-semibold text-fg tabular-nums'}>
                    {formatUsdCents(p.amount)}
                  </span>{' '}
                  <span className="text-fg-muted">
                    on {formatDay(p.paid_on)} · {MANUAL_PAYMENT_METHOD_LABELS[p.method]}
                    {p.reference ? ` · Ref. ${p.reference}` : ''}
                  </span>
                </div>
                {reversed ? <Badge tone="danger">Reversed</Badge> : reverseAction?.(p)}
              </div>
              {audience === 'agency' && (
                <p className="mt-1 text-xs text-fg-muted">
                  Recorded{p.recorded_by_name ? ` by ${p.recorded_by_name}` : ''} on {formatDateTime(p.recorded_at)}
                </p>
              )}
              {reversed && (
                <p className="mt-1 text-xs text-fg-muted">
                  Reversed{audience === 'agency' && p.reversed_by_name ? ` by ${p.reversed_by_name}` : ''} on {formatDateTime(p.reversed_at!)}:{' '}
                  <span className="text-fg">{p.reversal_reason}</span>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** The Reverse button of one payment. */
export function ReversePaymentButton({ payment, onReverse }: { payment: TInvoicePayment; onReverse: (p: TInvoicePayment) => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={() => onReverse(payment)}>
      Reverse<span className="sr-only"> the payment of {formatUsdCents(payment.amount)}</span>
    </Button>
  );
}
