import type { TBillingSettings } from '@agency/contract';
import { paymentProviderName } from '../../config';
import type { AppDeps } from '../../deps';
import * as q from './invoices.queries';
import { nowOf, round2, utcMonth } from './invoices.service';

/**
 * Admin Settings → Billing & Payments: revenue collected this month (paid invoices with paid_at in the
 * current UTC month), pending payments (stored status pending), and the payment-provider connection.
 */
export async function getBillingSettings(deps: AppDeps): Promise<TBillingSettings> {
  const s = await q.invoiceSummary(deps.db, { kind: 'all' }, utcMonth(nowOf(deps)));
  return {
    total_revenue_this_month: round2(s.collectedThisMonth),
    pending_payments: round2(s.pendingAmount),
    stripe_account_connected: Boolean(deps.config.STRIPE_SECRET_KEY),
    payment_provider: paymentProviderName(deps.config),
  };
}
