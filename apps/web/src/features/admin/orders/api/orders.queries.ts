import type { z } from 'zod';
import type { TOrderListQuery, ZPromoCodeListQuery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { orderKeys } from '@/entities/orders/order-keys';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

type TPromoQuery = z.input<typeof ZPromoCodeListQuery>;

/** Query keys of the promo codes (the Orders screen's own resource; orders are entities/orders). */
export const promoKeys = {
  all: ['promo-codes'] as const,
  list: (query: TPromoQuery) => ['promo-codes', 'list', query] as const,
};

export function useOrderList(query: TOrderListQuery) {
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
  return useInvalidateAffected('orders');
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
