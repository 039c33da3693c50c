import type { TSocialAccount } from '@agency/contract';
import { tsr } from '@/lib/tsr';
import { socialAccountKeys } from '../social-account-keys';

/** GET /api/social-accounts/:id/status/: token health of one account (its last error says why it needs reconnecting). */
export const socialAccountStatusQueryOptions = (id: number) => ({
  queryKey: socialAccountKeys.status(id),
  queryData: { params: { id } },
  staleTime: 60_000,
});

/** Asked only for an account needing reconnection. */
export function useSocialAccountStatus(account: TSocialAccount) {
  return tsr.socialAccounts.getSocialAccountStatus.useQuery({
    ...socialAccountStatusQueryOptions(account.id),
    enabled: account.is_active && account.needs_reconnect,
  });
}
