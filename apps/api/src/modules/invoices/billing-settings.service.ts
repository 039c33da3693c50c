import type { TBillingSettings } from '@agency/contract';
import { paymentProviderInfo } from '../../integrations/payments/provider';
import type { Actor } from '../../core/actor';
import type { AppDeps } from '../../deps';
import { getSummary } from './invoices.service';

/**
 * Admin Settings → Billing & Payments: revenue collected this month (paid invoices with paid_at in the
 * current UTC month), pending payments (stored status pending), and the payment-provider connection.
 */
export async function getBillingSettings(deps: AppDeps, actor: Actor): Promise<TBillingSettings> {
  const summary = await getSummary(deps, actor);
  return {
    total_revenue_this_month: summary.collected_this_month,
    pending_payments: summary.pending_amount,
    stripe_account_connected: Boolean(deps.config.STRIPE_SECRET_KEY),
    payment_provider: paymentProviderInfo(deps.config).name,
  };
}
