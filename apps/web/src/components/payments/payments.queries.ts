import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_BY_INVOICES } from '@/lib/query-prefixes';
import { tsr } from '@/lib/tsr';

/** Query keys of the payment pieces; under ['billing'] (and ['invoices']) so a paid invoice refreshes them. */
export const paymentKeys = {
  config: () => ['billing', 'config'] as const,
  invoice: (id: number) => ['invoices', 'detail', id] as const,
};

/** Which provider takes cards (Stripe or the sandbox) and Stripe's publishable key. */
export function useBillingConfig(enabled = true) {
  return tsr.billing.getBillingConfig.useQuery({ queryKey: paymentKeys.config(), enabled, staleTime: 5 * 60_000 });
}

/** Refreshes what a payment moves: invoices, dashboard numbers (client stats), clients' payment status, billing. */
export function useInvalidateAfterPayment() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_INVOICES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}
