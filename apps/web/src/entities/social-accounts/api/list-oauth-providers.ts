import { tsr } from '@/lib/tsr';
import { socialAccountKeys } from '../social-account-keys';

/** GET /api/oauth/providers/: which networks this server can connect (the others are Coming Soon), and which the sandbox serves. */
export const oauthProvidersQueryOptions = () => ({ queryKey: socialAccountKeys.providers(), staleTime: 5 * 60_000 });

export function useOAuthProviders(enabled = true) {
  return tsr.oauth.listOAuthProviders.useQuery({ ...oauthProvidersQueryOptions(), enabled });
}
