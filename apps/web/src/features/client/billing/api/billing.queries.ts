import { PAGE_SIZE_MAX, type TInvoiceListQuery, type TOrderListQuery, type TPaymentMethods } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { billingKeys } from '@/entities/billing/billing-keys';
import { useInvoiceList } from '@/entities/invoices/api/list-invoices';
import { useOrderList } from '@/entities/orders/api/list-orders';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

/** The client's invoices as the billing screen reads them: all of them (up to the page maximum), newest first. */
export const BILLING_INVOICES_QUERY: TInvoiceListQuery = { page: 1, page_size: PAGE_SIZE_MAX, ordering: '-created_at' };

export function usePlans() {
  return tsr.billing.listBillingPlans.useQuery({ queryKey: billingKeys.plans(), staleTime: 10 * 60_000 });
}

export function useSubscription() {
  return tsr.billing.getSubscription.useQuery({ queryKey: billingKeys.subscription() });
}

export function useBillingInvoices() {
  return useInvoiceList(BILLING_INVOICES_QUERY);
}

export function usePaymentMethods() {
  return tsr.billing.listPaymentMethods.useQuery({ queryKey: billingKeys.paymentMethods() });
}

/** Reloads everything a payment or a plan change moves (invoices, billing, dashboard numbers). */
export function useReloadBilling() {
  return useInvalidateAffected('invoices');
}

export function useCreateSubscription() {
  return tsr.billing.createSubscription.useMutation();
}

export function usePreviewPlanChange() {
  return tsr.billing.previewPlanChange.useMutation();
}

export function useChangePlan() {
  return tsr.billing.changePlan.useMutation();
}

export function useCancelSubscription() {
  return tsr.billing.cancelSubscription.useMutation();
}

export function usePauseSubscription() {
  return tsr.billing.pauseSubscription.useMutation();
}

export function useResumeSubscription() {
  return tsr.billing.resumeSubscription.useMutation();
}

export function useCreateSetupIntent() {
  return tsr.billing.createSetupIntent.useMutation();
}

type TCardsCache = { status: 200; body: TPaymentMethods; headers: Headers };

/** Set default answers with the cards: the list takes that answer at once. */
export function useSetDefaultPaymentMethod() {
  const queryClient = useQueryClient();
  return tsr.billing.setDefaultPaymentMethod.useMutation({
    onSuccess: (res) => {
      queryClient.setQueryData<TCardsCache>(billingKeys.paymentMethods(), (old) =>
        old ? { ...old, body: res.body } : { status: 200, body: res.body, headers: new Headers() },
      );
    },
  });
}

export function useDeletePaymentMethod() {
  return tsr.billing.deletePaymentMethod.useMutation();
}

/** The client's package orders, a page at a time. */
export const CLIENT_ORDERS_PAGE_SIZE = 10;

export function useClientOrders(page: number) {
  const query: TOrderListQuery = { page, page_size: CLIENT_ORDERS_PAGE_SIZE, ordering: '-created_at' };
  return useOrderList(query);
}

export function useRequestRefill() {
  const invalidateOrders = useInvalidateAffected('orders');
  return tsr.orders.requestRefill.useMutation({ onSuccess: () => invalidateOrders() });
}
