import { LIMITS, type TSocialAccount } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { AFFECTED_BY_METRICS } from '@/lib/query-prefixes';
import { tsr } from '@/lib/tsr';

/**
 * Query keys of the connected social accounts. They start with 'social-accounts' so the server's
 * `metrics.updated` push (a sync landed, an account was connected or disconnected) refreshes them.
 */
export const socialKeys = {
  all: ['social-accounts'] as const,
  list: (clientId?: number) => ['social-accounts', 'list', clientId ?? 'own'] as const,
  status: (id: number) => ['social-accounts', 'status', id] as const,
  providers: ['social-accounts', 'providers'] as const,
};

/** Which networks this server can connect (the others are Coming Soon), and which the sandbox serves. */
export function useOAuthProviders(enabled = true) {
  return tsr.oauth.listOAuthProviders.useQuery({ queryKey: socialKeys.providers, enabled, staleTime: 5 * 60_000 });
}

/** The active accounts (a client's own; an admin's of `clientId`). */
export function useSocialAccounts(clientId?: number) {
  return tsr.socialAccounts.listSocialAccounts.useQuery({
    queryKey: socialKeys.list(clientId),
    queryData: { query: clientId ? { client_id: clientId } : {} },
  });
}

/** Token health of one account (asked only for an account needing reconnection: its last error says why). */
export function useSocialAccountStatus(account: TSocialAccount) {
  return tsr.socialAccounts.getSocialAccountStatus.useQuery({
    queryKey: socialKeys.status(account.id),
    queryData: { params: { id: account.id } },
    enabled: account.is_active && account.needs_reconnect,
    staleTime: 60_000,
  });
}

/** Refreshes everything a connection change moves: accounts, metrics, analytics, performance, dashboard numbers. */
export function useInvalidateMetrics() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(AFFECTED_BY_METRICS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] }))),
    [queryClient],
  );
}

/** The manual sync's reload delay (client-and-public 9). */
export const SYNC_RELOAD_DELAY_MS = LIMITS.syncRefreshDelayMs;
