import { useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { securityKeys } from '../security-keys';

export const passkeyKeys = { all: () => [...securityKeys.all, 'passkeys'] as const };

/** The signed-in user's passkeys (a user has a few: one page of 50). */
export function usePasskeys() {
  return tsr.passkeys.listPasskeys.useQuery({ queryKey: passkeyKeys.all(), queryData: { query: { page: 1, page_size: 50 } } });
}

/** After a passkey changed: the list, and the two-factor status (a passkey is a second factor) and sessions (others end). */
export function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: securityKeys.all });
}
