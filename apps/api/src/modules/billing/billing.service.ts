import { BILLING_PLANS, type TBillingConfig, type TBillingPlans } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { paymentProviderInfo } from '../../integrations/payments/provider';

/** Which provider takes payments, and the key the browser needs for it (public: the checkout reads it). */
export function getBillingConfig(deps: AppDeps): TBillingConfig {
  const provider = paymentProviderInfo(deps.config);
  return { provider: provider.name, publishable_key: provider.publishableKey };
}

/** The client billing plans of client-and-public section 9, as the contract lists them. */
export function listBillingPlans(): TBillingPlans {
  return { results: BILLING_PLANS.map((plan) => ({ ...plan, features: [...plan.features] })) };
}
