import { tsr } from '@/lib/tsr';
import { billingKeys } from '../billing-keys';

/** GET /api/billing/config/: which provider takes cards (Stripe or the sandbox) and Stripe's publishable key. */
export const billingConfigQueryOptions = () => ({ queryKey: billingKeys.config(), staleTime: 5 * 60_000 });

export function useBillingConfig(enabled = true) {
  return tsr.billing.getBillingConfig.useQuery({ ...billingConfigQueryOptions(), enabled });
}
