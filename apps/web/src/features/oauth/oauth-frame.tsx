import type { ReactNode } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import type { TProvider } from './oauth-pages';

/** The popup's page frame: the network's mark on top, one card, sized for the 500x600 window and phones. */
export function OAuthFrame({ provider, children }: { provider: TProvider; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-canvas px-4 py-8 sm:items-center">
      <div className="w-full max-w-md rounded-xl border border-border bg-surface p-6 shadow-card">
        <div className="flex justify-center">
          <PlatformIcon platform={provider} size="lg" />
        </div>
        {children}
      </div>
    </main>
  );
}
