import type { AppConfig } from '../../config';

/**
 * The payment provider the product runs on: Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox,
 * which answers Stripe's test cards as Stripe's test mode does (sandbox/test-cards.ts). The same services,
 * routes and screens serve both; this interface grows with the billing flows (issue 9).
 */
export interface PaymentProviderInfo {
  name: 'stripe' | 'sandbox';
  /** What the browser loads Stripe.js with; null with the sandbox (its card form is ours). */
  publishableKey: string | null;
}

export function paymentProviderInfo(config: Pick<AppConfig, 'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY'>): PaymentProviderInfo {
  return config.STRIPE_SECRET_KEY
    ? { name: 'stripe', publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null }
    : { name: 'sandbox', publishableKey: null };
}
