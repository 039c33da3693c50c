import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tsr } from '@/lib/tsr';

/** Keys per page in the settings list, and uses per page in a key's audit log. */
export const API_KEYS_PAGE_SIZE = 20;
export const API_KEY_USES_PAGE_SIZE = 20;

export interface TApiKeyListParams {
  page: number;
  includeRevoked: boolean;
}

/** Query keys of the API keys tab; everything under ['api-keys'] so a create or revoke refreshes all of it. */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: ({ page, includeRevoked }: TApiKeyListParams) => ['api-keys', 'list', { page, includeRevoked }] as const,
  uses: (id: number, page: number) => ['api-keys', 'uses', id, page] as const,
};

export function useApiKeys(params: TApiKeyListParams) {
  return tsr.apiKeys.listApiKeys.useQuery({
    queryKey: apiKeyKeys.list(params),
    queryData: { query: { page: params.page, page_size: API_KEYS_PAGE_SIZE, include_revoked: params.includeRevoked } },
    placeholderData: keepPreviousData,
  });
}

/** A key's audit log, newest first; always re-read when the Usage view opens (new uses arrive at any time). */
export function useApiKeyUses(id: number, page: number) {
  return tsr.apiKeys.listApiKeyUses.useQuery({
    queryKey: apiKeyKeys.uses(id, page),
    queryData: { params: { id }, query: { page, page_size: API_KEY_USES_PAGE_SIZE } },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useInvalidateApiKeys() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [...apiKeyKeys.all] }), [queryClient]);
}

export function useCreateApiKey() {
  return tsr.apiKeys.createApiKey.useMutation();
}

export function useRevokeApiKey() {
  return tsr.apiKeys.revokeApiKey.useMutation();
}
