import { FullScreenSpinner } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

function SessionGate() {
  const { isInitializing } = useAuth();
  // While a stored token is being checked: full-screen 'Loading...' (admin-and-foundations 2.1).
  if (isInitializing) return <FullScreenSpinner />;
  return <AppRoutes />;
}

export function App() {
  return (
    <AppProviders>
      <SessionGate />
    </AppProviders>
  );
}
