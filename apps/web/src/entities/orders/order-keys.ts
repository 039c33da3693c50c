import type { TOrderListQuery } from '@agency/contract';

/** Query keys of package orders (the admin's Orders screen, the client's Billing → Orders, the intake form). */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: TOrderListQuery) => [...orderKeys.lists(), query] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
  /** The order confirmation page's own read (polled while the payment settles, never retried). */
  confirmation: (id: number) => [...orderKeys.detail(id), 'confirmation'] as const,
};
