import { DEFAULT_AGENCY_PROFILE, type TAgencyProfile, type TAgencyProfileForm, type TBillingSettings, ZAgencyProfileFormSchema } from '@agency/contract';
import type { Actor } from '../../core/actor';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';
import * as q from './agency.queries';

/**
 * The agency itself: its name as clients see it, where its portal is reached, and how it takes payments. One
 * function per fact, which invoices, reports, e-mails, chat and settings compose.
 */

/**
 * THE agency as clients and visitors see it: the profile its owner set in Settings → Agency; until then, named
 * after the first admin's company (else DEFAULT_AGENCY_NAME), with no contact details.
 */
export async function agencyProfile(deps: Pick<AppDeps, 'db'>): Promise<TAgencyProfile> {
  const row = await q.findAgencyProfile(deps.db);
  if (row) {
    return { name: row.name, email: row.email, phone: row.phone, address: row.address, website: row.website, invoice_prefix: row.invoicePrefix };
  }
  return { ...DEFAULT_AGENCY_PROFILE, name: (await q.firstAdminCompany(deps.db)) || DEFAULT_AGENCY_PROFILE.name };
}

/** The agency's name as clients see it (agencyProfile's). */
export async function agencyName(deps: Pick<AppDeps, 'db'>): Promise<string> {
  return (await agencyProfile(deps)).name;
}

/** Settings → Agency (owners; the route's access says so): the name, contact details and invoice prefix. */
export async function updateAgencyProfile(deps: AppDeps, actor: Actor, input: TAgencyProfileForm): Promise<TAgencyProfile> {
  const form = ZAgencyProfileFormSchema.parse(input);
  return transact(deps, async (tx) => {
    const before = await agencyProfile(tx);
    await q.saveAgencyProfile(tx.db, {
      name: form.name,
      email: form.email,
      phone: form.phone,
      address: form.address,
      website: form.website,
      invoicePrefix: form.invoice_prefix,
      updatedAt: tx.now(),
    });
    const after = await agencyProfile(tx);
    await recordAudit(tx, actor, {
      action: 'settings.agency_profile_updated',
      object: { type: 'settings', id: 'agency', label: after.name },
      changes: changedFields(before, after, ['name', 'email', 'phone', 'address', 'website', 'invoice_prefix']),
    });
    return after;
  });
}

/**
 * The next invoice number, in the caller's transaction: <prefix><year>-<sequence of the year, 4 digits or more>
 * (INV-2026-0001), sequential and gapless per calendar year (UTC) of `issuedAt`.
 */
export async function issueInvoiceNumber(deps: Pick<AppDeps, 'db'>, issuedAt: Date): Promise<string> {
  const year = issuedAt.getUTCFullYear();
  // One after the other: `deps.db` is the caller's transaction, one connection that takes one query at a time.
  const profile = await agencyProfile(deps);
  const n = await q.takeInvoiceNumber(deps.db, year);
  return `${profile.invoice_prefix}${year}-${String(n).padStart(4, '0')}`;
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
