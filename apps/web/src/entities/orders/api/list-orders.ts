import type { TOrderListQuery } from '@agency/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { orderKeys } from '../order-keys';

/** GET /api/orders/ with filters, ordering and paging (a client reads its own orders only). */
export const orderListQueryOptions = (query: TOrderListQuery) => ({ queryKey: orderKeys.list(query), queryData: { query } });

/** A page of orders; the previous page stays shown while the next one loads. */
export function useOrderList(query: TOrderListQuery) {
  return tsr.orders.listOrders.useQuery({ ...orderListQueryOptions(query), placeholderData: keepPreviousData });
}
