import { contract } from '@agency/contract';
import { tsRestFetchApi, type ApiFetcher } from '@ts-rest/core';
import { initTsrReactQuery } from '@ts-rest/react-query/v5';
import { QueryClient } from '@tanstack/react-query';
import { clearSession, readToken } from './storage';

/**
 * What happens on any 401 from an authenticated call. The AuthProvider replaces the default
 * (which only works outside React) with one that also resets React state and navigates.
 */
type UnauthorizedHandler = () => void;

const defaultUnauthorizedHandler: UnauthorizedHandler = () => {
  clearSession();
  if (window.location.pathname !== '/auth') window.location.assign('/auth');
};
let unauthorizedHandler: UnauthorizedHandler = defaultUnauthorizedHandler;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? defaultUnauthorizedHandler;
}

/**
 * What happens when the API answers 403 two_factor_enrolment_required (the agency began requiring a second factor
 * while this staff account was signed in): the AuthProvider re-reads the user, whose flag then opens the enrolment
 * screen.
 */
let enrolmentRequiredHandler: () => void = () => undefined;

export function setEnrolmentRequiredHandler(handler: (() => void) | null): void {
  enrolmentRequiredHandler = handler ?? (() => undefined);
}

function isPublicRoute(metadata: unknown): boolean {
  const roles = (metadata as { roles?: readonly string[] } | undefined)?.roles;
  return Array.isArray(roles) && roles.includes('public');
}

/**
 * The fetcher behind every contract call: adds `Authorization: Token <key>` (read lazily, per request,
 * from localStorage 'auth_token') and turns any 401 into "clear the session and go to /auth".
 * A 401 from a public route (wrong password on login) is handed back to the caller instead.
 */
export const api: ApiFetcher = async (args) => {
  const token = readToken();
  const headers = { ...args.headers };
  if (token) headers['authorization'] = `Token ${token}`;
  const result = await tsRestFetchApi({ ...args, headers });
  if (result.status === 401 && !isPublicRoute(args.route.metadata)) {
    clearSession();
    unauthorizedHandler();
  }
  if (result.status === 403 && (result.body as { code?: unknown } | null)?.code === 'two_factor_enrolment_required') enrolmentRequiredHandler();
  return result;
};

/**
 * The typed client. Use it everywhere:
 *   tsr.auth.getMe.useQuery({ queryKey: ['auth', 'me'] })
 *   const m = tsr.auth.changePassword.useMutation(); m.mutate({ body })
 *   await tsr.auth.logout.mutate()              // plain call, resolves to { status, body }
 */
export const tsr = initTsrReactQuery(contract, {
  baseUrl: '',
  jsonQuery: false,
  validateResponse: false,
  api,
});

function isClientError(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers will not change on retry; network and 5xx get one more try.
        retry: (count, err) => !isClientError(err) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
