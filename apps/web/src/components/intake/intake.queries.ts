import type { TIntakeListQuery } from '@agency/contract';
import { intakeKeys } from '@/entities/intake/intake-keys';
import { orderKeys } from '@/entities/orders/order-keys';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { tsr } from '@/lib/tsr';

/** The client's forms still waiting for answers (the overview card), oldest request first. */
export const WAITING_INTAKE_QUERY: TIntakeListQuery = { status: 'waiting', page: 1, page_size: 20, ordering: 'created_at' };

export function useIntakeForms(query: TIntakeListQuery, options: { enabled?: boolean } = {}) {
  return tsr.intake.listIntakeForms.useQuery({ queryKey: intakeKeys.list(query), queryData: { query }, enabled: options.enabled ?? true });
}

export function useIntakeForm(id: number) {
  return tsr.intake.getIntakeForm.useQuery({ queryKey: intakeKeys.detail(id), queryData: { params: { id } } });
}

/** The order a form was asked for (its first line's account prefills the form). */
export function useIntakeOrder(orderId: number | null) {
  return tsr.orders.getOrder.useQuery({
    queryKey: orderKeys.detail(orderId ?? 0),
    queryData: { params: { id: orderId ?? 0 } },
    enabled: orderId !== null,
    retry: false,
  });
}

/** Refreshes the forms and what a sent or skipped form moves (the order's delivery, billing, dashboards). */
export function useInvalidateIntake() {
  return useInvalidateAffected('intake');
}

export function useSubmitIntake() {
  return tsr.intake.submitIntakeForm.useMutation();
}

export function useSkipIntake() {
  return tsr.intake.skipIntakeForm.useMutation();
}
