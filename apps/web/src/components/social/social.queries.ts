import { LIMITS, type TSocialAccount } from '@agency/contract';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { socialAccountKeys } from '@/entities/social-accounts/social-account-keys';
import { tsr } from '@/lib/tsr';

/** Which networks this server can connect (the others are Coming Soon), and which the sandbox serves. */
export function useOAuthProviders(enabled = true) {
  return tsr.oauth.listOAuthProviders.useQuery({ queryKey: socialAccountKeys.providers(), enabled, staleTime: 5 * 60_000 });
}

/** The active accounts (a client's own; an admin's of `clientId`). */
export function useSocialAccounts(clientId?: number) {
  return tsr.socialAccounts.listSocialAccounts.useQuery({
    queryKey: socialAccountKeys.list(clientId),
    queryData: { query: clientId ? { client_id: clientId } : {} },
  });
}

/** Token health of one account (asked only for an account needing reconnection: its last error says why). */
export function useSocialAccountStatus(account: TSocialAccount) {
  return tsr.socialAccounts.getSocialAccountStatus.useQuery({
    queryKey: socialAccountKeys.status(account.id),
    queryData: { params: { id: account.id } },
    enabled: account.is_active && account.needs_reconnect,
    staleTime: 60_000,
  });
}

/** Refreshes everything a connection change moves: accounts, metrics, analytics, performance, dashboard numbers. */
export function useInvalidateMetrics() {
  return useInvalidateAffected('metrics');
}

/** The manual sync's reload delay (client-and-public 9). */
export const SYNC_RELOAD_DELAY_MS = LIMITS.syncRefreshDelayMs;
