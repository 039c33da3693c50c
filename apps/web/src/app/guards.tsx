import { AUTH_PAGE_PATH } from '@agency/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { returnPathAfterSignIn, signInStateFor } from '@/lib/return-to';

/** Sends a guest to /auth, remembering the page (path, query and #section) to come back to after signing in. */
export function RedirectToSignIn() {
  const location = useLocation();
  return <Navigate to={AUTH_PAGE_PATH} replace state={signInStateFor(location)} />;
}

/** Signed-in only (client-and-public 2.2): guests go to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isInitializing } = useAuth();
  if (isInitializing) return <FullScreenSpinner />;
  if (!isAuthenticated) return <RedirectToSignIn />;
  return <>{children}</>;
}

/** Guests only: signed-in users go to where they were heading, by default /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isInitializing } = useAuth();
  const location = useLocation();
  if (isInitializing) return <FullScreenSpinner />;
  if (isAuthenticated) return <Navigate to={returnPathAfterSignIn(location)} replace />;
  return <>{children}</>;
}
