import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { FullScreenSpinner } from '@/components/ui';
import { useAuth } from '@/lib/auth';

/** Signed-in only (client-and-public 2.2): guests go to /auth. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isInitializing } = useAuth();
  if (isInitializing) return <FullScreenSpinner />;
  if (!isAuthenticated) return <Navigate to="/auth" replace />;
  return <>{children}</>;
}

/** Guests only: signed-in users go to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { isAuthenticated, isInitializing } = useAuth();
  if (isInitializing) return <FullScreenSpinner />;
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}
