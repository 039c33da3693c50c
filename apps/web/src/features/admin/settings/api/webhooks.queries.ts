import type { TWebhookDelivery } from '@agency/contract';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tsr } from '@/lib/tsr';

/** Endpoints per page in the settings list, and deliveries per page in an endpoint's log. */
export const WEBHOOKS_PAGE_SIZE = 20;
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

export type TDeliveryStatus = TWebhookDelivery['status'];

export interface TDeliveryListParams {
  status: TDeliveryStatus | null;
  page: number;
}

/** Query keys of the webhooks section; everything under ['webhooks'] so any change refreshes the list and the logs. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  list: (page: number) => ['webhooks', 'list', page] as const,
  deliveries: (id: number, { status, page }: TDeliveryListParams) => ['webhooks', 'deliveries', id, { status, page }] as const,
};

/** While a delivery waits for its first attempt (made within about a second), what shows it is read again this often. */
const FIRST_ATTEMPT_POLL_MS = 1500;
/** How long after a delivery was queued its first attempt is awaited (the endpoint has 10 s to answer). */
const FIRST_ATTEMPT_WINDOW_MS = 30_000;

/** The endpoints, followed while an endpoint's last delivery was just queued (so its status turns from Pending). */
export function useWebhooks(page: number) {
  return tsr.webhooks.listWebhooks.useQuery({
    queryKey: webhookKeys.list(page),
    queryData: { query: { page, page_size: WEBHOOKS_PAGE_SIZE } },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => {
      const data = query.state.data;
      const now = Date.now();
      const waiting =
        data?.status === 200 &&
        data.body.results.some(
          (e) => e.last_delivery_status === 'pending' && e.last_delivery_at !== null && now - Date.parse(e.last_delivery_at) < FIRST_ATTEMPT_WINDOW_MS,
        );
      return waiting ? FIRST_ATTEMPT_POLL_MS : false;
    },
  });
}

/**
 * An endpoint's delivery log, newest first; always re-read when it opens (deliveries change within seconds), and
 * followed while a delivery on the page still waits for its first attempt.
 */
export function useWebhookDeliveries(id: number, params: TDeliveryListParams) {
  return tsr.webhooks.listWebhookDeliveries.useQuery({
    queryKey: webhookKeys.deliveries(id, params),
    queryData: {
      params: { id },
      query: { page: params.page, page_size: WEBHOOK_DELIVERIES_PAGE_SIZE, ...(params.status ? { status: params.status } : {}) },
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => {
      const data = query.state.data;
      const waiting = data?.status === 200 && data.body.results.some((d) => d.status === 'pending' && d.attempts === 0);
      return waiting ? FIRST_ATTEMPT_POLL_MS : false;
    },
  });
}

export function useInvalidateWebhooks() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [...webhookKeys.all] }), [queryClient]);
}

export function useCreateWebhook() {
  return tsr.webhooks.createWebhook.useMutation();
}

export function useUpdateWebhook() {
  return tsr.webhooks.updateWebhook.useMutation();
}

export function useDeleteWebhook() {
  return tsr.webhooks.deleteWebhook.useMutation();
}

export function useSendTestWebhook() {
  return tsr.webhooks.sendTestWebhook.useMutation();
}

export function useRedeliverWebhook() {
  return tsr.webhooks.redeliverWebhook.useMutation();
}
