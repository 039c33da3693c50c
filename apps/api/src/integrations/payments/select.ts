import type { AppConfig } from '../../config';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/types';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';
import { createStripeProvider } from './stripe/stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox (same services, routes and screens). */
export function createPaymentProvider(config: AppConfig, db: Db, now: Clock): PaymentProvider {
  if (config.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null,
    });
  }
  return createSandboxProvider(db, now);
}
