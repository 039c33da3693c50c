import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient, tsr } from '@/lib/tsr';

function BrowserHistoryRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>{children}</BrowserRouter>;
}

/**
 * Query cache → ts-rest → router → session (+ the one toast region). Everything below can use tsr hooks and useAuth().
 * The router is the browser's history, or the one given (entry-server prerenders with a StaticRouter).
 */
export function AppProviders({
  children,
  queryClient,
  router: Router = BrowserHistoryRouter,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  router?: ComponentType<{ children: ReactNode }>;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <tsr.ReactQueryProvider>
        <Router>
          <AuthProvider>{children}</AuthProvider>
          <Toaster />
        </Router>
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  );
}
