import type { TBillingSettings } from '@agency/contract';
import type { Actor } from '../../core/actor';
import type { AppDeps } from '../../deps';
import { paymentConnection } from '../agency';
import { getSummary } from './invoices.service';

/**
 * Admin Settings → Billing & Payments: revenue collected this month (paid invoices with paid_at in the
 * current UTC month, net of refunds), pending payments (stored status pending), and the agency's payment
 * connection as configured.
 */
export async function getBillingSettings(deps: AppDeps, actor: Actor): Promise<TBillingSettings> {
  const summary = await getSummary(deps, actor);
  return {
    total_revenue_this_month: summary.collected_this_month,
    pending_payments: summary.pending_amount,
    ...paymentConnection(deps),
  };
}
