import type { TBillingSettings } from '@agency/contract';
import type { Actor } from '../../core/actor';
import type { AppDeps } from '../../deps';
import { getSummary } from './invoices.service';

/**
 * Admin Settings → Billing & Payments: revenue collected this month (paid invoices with paid_at in the
 * current UTC month, net of refunds), pending payments (stored status pending), and the payment provider's
 * connection as configured: which provider, Stripe's mode, which keys are set, and the webhook address.
 */
export async function getBillingSettings(deps: AppDeps, actor: Actor): Promise<TBillingSettings> {
  const summary = await getSummary(deps, actor);
  const secret = deps.config.STRIPE_SECRET_KEY;
  return {
    total_revenue_this_month: summary.collected_this_month,
    pending_payments: summary.pending_amount,
    stripe_account_connected: Boolean(secret),
    payment_provider: deps.payments.info.name,
    stripe_mode: secret ? (secret.startsWith('sk_live_') ? 'live' : 'test') : null,
    publishable_key_configured: Boolean(deps.config.STRIPE_PUBLISHABLE_KEY),
    webhook_secret_configured: Boolean(deps.config.STRIPE_WEBHOOK_SECRET),
    webhook_url: deps.config.PUBLIC_URL ? `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/api/billing/webhook/` : null,
  };
}
