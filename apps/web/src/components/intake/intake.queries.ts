import type { TIntakeListQuery } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_BY_INTAKE } from '@/lib/query-prefixes';
import { tsr } from '@/lib/tsr';

/**
 * Query keys of the intake forms. They start with 'intake' so the server's `intake.changed` push (a form asked for,
 * sent or skipped) refreshes them wherever they show: the client's overview card, the admin order and client dialogs.
 */
export const intakeKeys = {
  all: ['intake'] as const,
  list: (query: TIntakeListQuery) => ['intake', 'list', query] as const,
  detail: (id: number) => ['intake', 'detail', id] as const,
};

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
    queryKey: ['orders', 'detail', orderId ?? 0],
    queryData: { params: { id: orderId ?? 0 } },
    enabled: orderId !== null,
    retry: false,
  });
}

/** Refreshes the forms and what a sent or skipped form moves (the order's delivery, billing, dashboards). */
export function useInvalidateIntake() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_INTAKE.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}

export function useSubmitIntake() {
  return tsr.intake.submitIntakeForm.useMutation();
}

export function useSkipIntake() {
  return tsr.intake.skipIntakeForm.useMutation();
}
