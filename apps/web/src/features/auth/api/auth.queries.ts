import type { TDemoLogins } from '@agency/contract';
import { tsr } from '@/lib/tsr';

/**
 * One query-key factory for the sign-in screen. Under ['auth'] with the session's ['auth', 'me'] (lib/auth.tsx).
 */
export const authKeys = {
  all: ['auth'] as const,
  demoLogins: () => [...authKeys.all, 'demo-logins'] as const,
};

/**
 * The demo accounts (contract route GET /api/demo-logins) while demo data is present. The route answers 404 when
 * demo data is off or the accounts are gone: the query then fails quietly (no retry) and the box is not shown.
 */
export function useDemoLogins() {
  return tsr.auth.listDemoLogins.useQuery({
    queryKey: authKeys.demoLogins(),
    select: (res): TDemoLogins['logins'] => res.body.logins,
    retry: false,
    staleTime: Infinity,
  });
}
