import type { z } from 'zod';
import type { ZPromoCodeListQuery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

type TPromoQuery = z.input<typeof ZPromoCodeListQuery>;

/** Query keys of the promo codes (the Orders screen's own resource; orders are entities/orders). */
export const promoKeys = {
  all: ['promo-codes'] as const,
  list: (query: TPromoQuery) => ['promo-codes', 'list', query] as const,
};


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
