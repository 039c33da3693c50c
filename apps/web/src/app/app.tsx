import type { ComponentProps } from 'react';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app. No session gate here: public pages show at once (prerendered), while a stored token is still
 * being checked only the pages that depend on it wait (RequireAuth / GuestOnly show the full-screen 'Loading...').
 */
export function App({ router }: { router?: ComponentProps<typeof AppProviders>['router'] }) {
  return (
    <AppProviders router={router}>
      <AppRoutes />
    </AppProviders>
  );
}
