import { AUTH_PAGE_PATH, needsSecondFactor, type TAuthResponse, type TLogin, type TRegister, type TSecondFactorChallenge, type TUser } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  INVALID_LOGIN_RESPONSE,
  INVALID_REGISTRATION_RESPONSE,
  loginErrorMessage,
  registrationErrorFromResponse,
} from './auth-errors';
import { signInStateFor } from './return-to';
import { clearSession, readToken, storeSession, storeUser } from './storage';
import { setEnrolmentRequiredHandler, setUnauthorizedHandler, tsr } from './tsr';

export const AUTH_ME_QUERY_KEY = ['auth', 'me'] as const;

/** A login / register failure whose message is already in the spec's words. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export interface TAuthContext {
  user: TUser | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True while a stored token is being checked against /api/auth/me/. */
  isInitializing: boolean;
  /**
   * The password step. An account with a second factor gets no session yet: the challenge comes back for the code
   * step (features/auth login-form), which starts the session with `startSession`.
   */
  login: (values: TLogin) => Promise<TUser | TSecondFactorChallenge>;
  register: (values: TRegister) => Promise<TUser>;
  logout: () => Promise<void>;
  /**
   * Sign in with an answer of the API that carries a session ({ token, user }: login's, register's, an accepted
   * invite's): stored and started exactly as login does. Returns the user; an answer without both throws AuthError.
   */
  startSession: (answer: TAuthResponse) => TUser;
  /** Replace the cached user after a profile change. */
  setUser: (user: TUser) => void;
}

const AuthContext = createContext<TAuthContext | null>(null);

function networkFailure(fallback: string): AuthError {
  return new AuthError(fallback);
}

/**
 * Session (admin-and-foundations 4). Must sit inside the router and the query providers.
 * Token in localStorage 'auth_token', user in 'user'. At start a stored token is checked with
 * GET /api/auth/me/; failure clears it. Any 401 anywhere clears the session and goes to /auth.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(() => readToken());

  const me = tsr.auth.getMe.useQuery({
    queryKey: AUTH_ME_QUERY_KEY,
    enabled: token !== null,
    retry: false,
    staleTime: 5 * 60_000,
  });

  const resetLocal = useCallback(() => {
    clearSession();
    setToken(null);
    queryClient.clear();
  }, [queryClient]);

  // Where the user is, so a session that ends mid-use brings them back here after signing in again.
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);

  // Any 401 from an authenticated call: clear everything and send the browser to /auth.
  useEffect(() => {
    setUnauthorizedHandler(() => {
      resetLocal();
      navigate(AUTH_PAGE_PATH, { replace: true, state: signInStateFor(here.current) });
    });
    return () => setUnauthorizedHandler(null);
  }, [navigate, resetLocal]);

  // The agency began requiring a second factor of this staff account: re-read the user (the dashboard then shows
  // the enrolment screen).
  useEffect(() => {
    setEnrolmentRequiredHandler(() => void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY }));
    return () => setEnrolmentRequiredHandler(null);
  }, [queryClient]);

  // A stored token the server does not accept (or an unreachable server) ends the session.
  useEffect(() => {
    if (token !== null && me.isError) resetLocal();
  }, [token, me.isError, resetLocal]);

  // Keep the cached copy of the user in step with the server's.
  const meUser = me.data?.status === 200 ? me.data.body : null;
  useEffect(() => {
    if (meUser) storeUser(meUser);
  }, [meUser]);

  const startSession = useCallback(
    (newToken: string, user: TUser) => {
      // Another account's session (an invite opened while signed in): nothing of its cached data stays.
      if (readToken() !== null) queryClient.clear();
      storeSession(newToken, user);
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, { status: 200, body: user, headers: new Headers() });
      setToken(newToken);
    },
    [queryClient],
  );

  const startSessionFrom = useCallback(
    (answer: TAuthResponse): TUser => {
      if (!answer?.user || !answer.token) throw new AuthError(INVALID_LOGIN_RESPONSE);
      startSession(answer.token, answer.user);
      return answer.user;
    },
    [startSession],
  );

  const login = useCallback(
    async (values: TLogin): Promise<TUser | TSecondFactorChallenge> => {
      let res;
      try {
        res = await tsr.auth.login.mutate({ body: values });
      } catch {
        throw networkFailure(loginErrorMessage(undefined));
      }
      if (res.status !== 200) throw new AuthError(loginErrorMessage(res.body), res.status);
      if (res.body && needsSecondFactor(res.body)) return res.body;
      return startSessionFrom(res.body);
    },
    [startSessionFrom],
  );

  const register = useCallback(
    async (values: TRegister): Promise<TUser> => {
      let res;
      try {
        res = await tsr.auth.register.mutate({ body: values });
      } catch {
        throw networkFailure(registrationErrorFromResponse(0, undefined));
      }
      if (res.status !== 201) {
        const errors = (res.body as { errors?: Record<string, string[]> } | undefined)?.errors;
        throw new AuthError(registrationErrorFromResponse(res.status, res.body), res.status, errors);
      }
      if (!res.body?.user || !res.body.token) throw new AuthError(INVALID_REGISTRATION_RESPONSE);
      startSession(res.body.token, res.body.user);
      return res.body.user;
    },
    [startSession],
  );

  const logout = useCallback(async () => {
    try {
      // Failure is tolerated: the local session ends either way.
      await tsr.auth.logout.mutate();
    } catch {
      /* ignored */
    }
    resetLocal();
    navigate('/auth', { replace: true });
  }, [navigate, resetLocal]);

  const setUser = useCallback(
    (user: TUser) => {
      storeUser(user);
      queryClient.setQueryData(AUTH_ME_QUERY_KEY, { status: 200, body: user, headers: new Headers() });
    },
    [queryClient],
  );

  const user = token !== null ? meUser : null;
  const isInitializing = token !== null && me.isPending && !me.isError;

  const value = useMemo<TAuthContext>(
    () => ({
      user,
      isAuthenticated: user !== null,
      isAdmin: user?.role === 'admin',
      isInitializing,
      login,
      register,
      logout,
      startSession: startSessionFrom,
      setUser,
    }),
    [user, isInitializing, login, register, logout, startSessionFrom, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): TAuthContext {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside <AuthProvider>');
  return ctx;
}

/** For tests and stories: provide a fixed session without the network. */
export const AuthContextProvider = AuthContext.Provider;
