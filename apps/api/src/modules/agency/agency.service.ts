import type { TBillingSettings } from '@agency/contract';
import type { AppDeps } from '../../deps';
import * as q from './agency.queries';

/**
 * The agency itself: its name as clients see it, where its portal is reached, and how it takes payments. One
 * function per fact, which invoices, reports, e-mails, chat and settings compose.
 */

export const DEFAULT_AGENCY_NAME = 'Northstar Social';

/** The agency's name as clients see it (the first admin's company). */
export async function agencyName(deps: Pick<AppDeps, 'db'>): Promise<string> {
  return (await q.firstAdminCompany(deps.db)) || DEFAULT_AGENCY_NAME;
}

/** The company a new staff account is part of: the first admin's, as typed ('' before there is one). */
export function agencyCompany(deps: Pick<AppDeps, 'db'>): Promise<string> {
  return q.firstAdminCompany(deps.db);
}

type PortalConfig = Pick<AppDeps['config'], 'PUBLIC_URL' | 'PORT'>;

/** Where the portal is reached (PUBLIC_URL, else this instance on localhost): links that must work, such as a magic link. */
export function portalUrl(deps: { config: PortalConfig }): string {
  return (deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`).replace(/\/+$/, '');
}

/** A dashboard section's address for an e-mail (`#billing`), only when the public address is configured. */
export function dashboardLink(deps: { config: PortalConfig }, section: `#${string}`): string | undefined {
  return deps.config.PUBLIC_URL ? `${portalUrl(deps)}/dashboard${section}` : undefined;
}

/** How the agency takes payments, as configured: which provider, Stripe's mode, which keys are set, the webhook address. */
export function paymentConnection(
  deps: Pick<AppDeps, 'config' | 'payments'>,
): Omit<TBillingSettings, 'total_revenue_this_month' | 'pending_payments'> {
  const secret = deps.config.STRIPE_SECRET_KEY;
  return {
    stripe_account_connected: Boolean(secret),
    payment_provider: deps.payments.info.name,
    stripe_mode: secret ? (secret.startsWith('sk_live_') ? 'live' : 'test') : null,
    publishable_key_configured: Boolean(deps.config.STRIPE_PUBLISHABLE_KEY),
    webhook_secret_configured: Boolean(deps.config.STRIPE_WEBHOOK_SECRET),
    webhook_url: deps.config.PUBLIC_URL ? `${portalUrl(deps)}/api/billing/webhook/` : null,
  };
}
