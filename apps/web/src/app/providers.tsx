import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster } from '@/components/ui/toast';
import { AuthProvider } from '@/lib/auth';
import { createQueryClient, tsr } from '@/lib/tsr';

/** Query cache → ts-rest → router → session (+ the one toast region). Everything below can use tsr hooks and useAuth(). */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <tsr.ReactQueryProvider>
        <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <AuthProvider>{children}</AuthProvider>
          <Toaster />
        </BrowserRouter>
      </tsr.ReactQueryProvider>
    </QueryClientProvider>
  );
}
