import { PAGE_SIZE_MAX, type TInvoiceListQuery, type TPaymentMethods } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_BY_INVOICES, AFFECTED_BY_ORDERS } from '@/lib/query-prefixes';
import { tsr } from '@/lib/tsr';

/** The client's invoices as the billing screen reads them: all of them (up to the page maximum), newest first. */
export const BILLING_INVOICES_QUERY: TInvoiceListQuery = { page: 1, page_size: PAGE_SIZE_MAX, ordering: '-created_at' };

/** Query keys of the billing screen: billing data under ['billing'], invoices under ['invoices'] (shared prefixes). */
export const billingKeys = {
  all: ['billing'] as const,
  plans: () => ['billing', 'plans'] as const,
  subscription: () => ['billing', 'subscription'] as const,
  paymentMethods: () => ['billing', 'payment-methods'] as const,
  invoices: () => ['invoices', 'list', BILLING_INVOICES_QUERY] as const,
};

export function usePlans() {
  return tsr.billing.listBillingPlans.useQuery({ queryKey: billingKeys.plans(), staleTime: 10 * 60_000 });
}

export function useSubscription() {
  return tsr.billing.getSubscription.useQuery({ queryKey: billingKeys.subscription() });
}

export function useBillingInvoices() {
  return tsr.invoices.listInvoices.useQuery({ queryKey: billingKeys.invoices(), queryData: { query: BILLING_INVOICES_QUERY } });
}

export function usePaymentMethods() {
  return tsr.billing.listPaymentMethods.useQuery({ queryKey: billingKeys.paymentMethods() });
}

/** Reloads everything a payment or a plan change moves (invoices, billing, dashboard numbers). */
export function useReloadBilling() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_INVOICES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
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

/** The client's package orders, a page at a time (under ['orders'] like every order list, so any order change refreshes it). */
export const CLIENT_ORDERS_PAGE_SIZE = 10;
export const clientOrderKeys = {
  list: (page: number) => ['orders', 'list', { page, page_size: CLIENT_ORDERS_PAGE_SIZE, ordering: '-created_at' }] as const,
};

export function useClientOrders(page: number) {
  return tsr.orders.listOrders.useQuery({
    queryKey: clientOrderKeys.list(page),
    queryData: { query: { page, page_size: CLIENT_ORDERS_PAGE_SIZE, ordering: '-created_at' } },
    placeholderData: keepPreviousData,
  });
}

export function useRequestRefill() {
  const queryClient = useQueryClient();
  return tsr.orders.requestRefill.useMutation({
    onSuccess: () => Promise.all(AFFECTED_BY_ORDERS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
  });
}
