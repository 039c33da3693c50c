import { TAX_RATE, type TCartTotals } from '@agency/contract';
import { formatUsdCents } from '@/lib/format';

/** Subtotal, the promo's discount (only when one applies), 10% tax and total, in USD with 2 decimals. */
export function OrderSummaryRows({ totals, promoCode }: { totals: TCartTotals; promoCode?: string | null | undefined }) {
  return (
    <dl className="space-y-2 text-sm" data-testid="order-summary">
      <div className="flex justify-between gap-4">
        <dt className="text-fg-muted">Subtotal</dt>
        <dd className="text-fg tabular-nums">{formatUsdCents(totals.subtotal)}</dd>
      </div>
      {promoCode && totals.discount > 0 && (
        <div className="flex justify-between gap-4 text-success-700">
          <dt>Discount ({promoCode})</dt>
          <dd className="tabular-nums" data-testid="summary-discount">
            -{formatUsdCents(totals.discount)}
          </dd>
        </div>
      )}
      <div className="flex justify-between gap-4">
        <dt className="text-fg-muted">Tax ({Math.round(TAX_RATE * 100)}%)</dt>
        <dd className="text-fg tabular-nums">{formatUsdCents(totals.tax)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-border pt-3 text-base font-semibold text-fg">
        <dt>Total</dt>
        <dd className="tabular-nums" data-testid="summary-total">
          {formatUsdCents(totals.total)}
        </dd>
      </div>
    </dl>
  );
}
