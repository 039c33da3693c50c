import { tsr } from '@/lib/tsr';
import { orderKeys } from '../order-keys';

/** GET /api/orders/:id/ */
export const orderQueryOptions = (id: number) => ({ queryKey: orderKeys.detail(id), queryData: { params: { id } } });

/** One order (none asked for while `id` is null); `retry: false` where a refusal is an answer (a form's order). */
export function useOrder(id: number | null, { retry }: { retry?: false } = {}) {
  return tsr.orders.getOrder.useQuery({
    ...orderQueryOptions(id ?? 0),
    enabled: id !== null,
    ...(retry === false && { retry: false }),
  });
}
