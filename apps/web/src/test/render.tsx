import type { TUser } from '@agency/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, type RenderHookOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { AuthContextProvider, type TAuthContext } from '@/lib/auth';

/** A query client as the app's, without retries (a test sees the first answer). */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

export const TEST_USER: TUser = {
  id: 1,
  email: 'admin@agency.test',
  email_verified: true,
  username: 'admin',
  name: 'Ada Admin',
  first_name: 'Ada',
  last_name: 'Admin',
  role: 'admin',
  staff_role: 'owner',
  company: '',
  avatar: null,
  client_id: null,
  client_permission: null,
  created_at: '2025-01-01T00:00:00Z',
  password_changed_at: '2025-01-01T00:00:00Z',
  two_factor_enabled: false,
  two_factor_enrolment_required: false,
};

/** A fixed signed-in session (no /api/auth/me/ round trip). */
export function testSession(user: TUser = TEST_USER): TAuthContext {
  const fail = () => Promise.reject(new Error('not in this test'));
  return {
    user,
    isAuthenticated: true,
    isAdmin: user.role === 'admin',
    isInitializing: false,
    login: fail,
    register: fail,
    logout: () => Promise.resolve(),
    startSession: () => {
      throw new Error('not in this test');
    },
    setUser: () => {},
  };
}

/** A visitor who is not signed in (the session context the app gives a guest). */
export function guestSession(): TAuthContext {
  return { ...testSession(), user: null, isAuthenticated: false, isAdmin: false };
}

/** Shows where the router is (pathname + hash) so a test can assert navigation. */
export function LocationProbe() {
  const { pathname, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${hash}`}</output>;
}

interface TOptions {
  route?: string;
  queryClient?: QueryClient;
  session?: TAuthContext | null;
}

function Providers({ children, route = '/dashboard', queryClient, session = testSession() }: TOptions & { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient ?? createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <AuthContextProvider value={session}>
          {children}
          <LocationProbe />
          <Toaster />
        </AuthContextProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** Renders `ui` with the query cache, a router, a session and the toast region; requests go to the mock API. */
export function renderWithApi(ui: ReactElement, options: TOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  return { queryClient, ...render(<Providers {...options} queryClient={queryClient}>{ui}</Providers>) };
}

/** renderHook with the same providers. */
export function renderHookWithApi<TResult, TProps>(hook: (props: TProps) => TResult, options: TOptions & RenderHookOptions<TProps> = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const { route, session, ...rest } = options;
  return {
    queryClient,
    ...renderHook(hook, {
      ...rest,
      wrapper: ({ children }) => (
        <Providers route={route} session={session} queryClient={queryClient}>
          {children}
        </Providers>
      ),
    }),
  };
}
