import type { z } from 'zod';
import type { ZOrderListQuery, ZPromoCodeListQuery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_BY_ORDERS } from '@/lib/query-prefixes';
import { tsr } from '@/lib/tsr';

type TOrderQuery = z.input<typeof ZOrderListQuery>;
type TPromoQuery = z.input<typeof ZPromoCodeListQuery>;

/** Query keys of the orders screen. Orders live under ['orders'] (the client's billing tab shares the prefix), promo codes under ['promo-codes']. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (query: TOrderQuery) => ['orders', 'list', query] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
};

export const promoKeys = {
  all: ['promo-codes'] as const,
  list: (query: TPromoQuery) => ['promo-codes', 'list', query] as const,
};

export function useOrderList(query: TOrderQuery) {
  return tsr.orders.listOrders.useQuery({
    queryKey: orderKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

/** One order, re-read so the details stay current after a line is changed. */
export function useOrder(id: number) {
  return tsr.orders.getOrder.useQuery({ queryKey: orderKeys.detail(id), queryData: { params: { id } } });
}

/** Refreshes every order list and detail, and what an order moves (invoices, billing, dashboard). */
export function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_ORDERS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}

export function useUpdateOrderLine() {
  return tsr.orders.updateOrderLine.useMutation();
}

export function useBulkUpdateOrderLines() {
  return tsr.orders.bulkUpdateOrderLines.useMutation();
}

export function usePromoCodes(query: TPromoQuery) {
  return tsr.orders.listPromoCodes.useQuery({
    queryKey: promoKeys.list(query),
    queryData: { query },
    placeholderData: keepPreviousData,
  });
}

export function useInvalidatePromoCodes() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [...promoKeys.all] }), [queryClient]);
}

export function useCreatePromoCode() {
  return tsr.orders.createPromoCode.useMutation();
}

export function useUpdatePromoCode() {
  return tsr.orders.updatePromoCode.useMutation();
}
