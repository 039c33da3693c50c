import { tsr } from '@/lib/tsr';
import { socialAccountKeys } from '../social-account-keys';

/** GET /api/social-accounts/: the active accounts (a client's own; an admin's of `clientId`). */
export const socialAccountsQueryOptions = (clientId?: number) => ({
  queryKey: socialAccountKeys.list(clientId),
  queryData: { query: clientId ? { client_id: clientId } : {} },
});

export function useSocialAccounts(clientId?: number) {
  return tsr.socialAccounts.listSocialAccounts.useQuery(socialAccountsQueryOptions(clientId));
}
