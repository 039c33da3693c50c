import { tsr } from '@/lib/tsr';
import { billingKeys } from '../billing-keys';

/** GET /api/billing/payment-methods/: the client's saved cards (the default first or flagged). */
export function usePaymentMethods({ enabled = true }: { enabled?: boolean } = {}) {
  return tsr.billing.listPaymentMethods.useQuery({ queryKey: billingKeys.paymentMethods(), enabled });
}
