import { billingKeys } from '@/entities/billing/billing-keys';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

/** Which provider takes cards (Stripe or the sandbox) and Stripe's publishable key. */
export function useBillingConfig(enabled = true) {
  return tsr.billing.getBillingConfig.useQuery({ queryKey: billingKeys.config(), enabled, staleTime: 5 * 60_000 });
}

/** Refreshes what a payment moves: invoices, dashboard numbers (client stats), clients' payment status, billing. */
export function useInvalidateAfterPayment() {
  return useInvalidateAffected('invoices');
}
