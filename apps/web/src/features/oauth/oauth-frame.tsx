import type { ReactNode } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import type { TProvider } from './oauth-pages';

/**
 * The popup's page frame: the network's mark on top, one card, sized for the 500x600 window and phones. `actions`
 * (the page's answer buttons) sit in a bar at the card's foot that stays at the bottom of the window while the card
 * runs past it, so they show without scrolling however long the page is.
 */
export function OAuthFrame({ provider, children, actions }: { provider: TProvider; children: ReactNode; actions?: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-canvas px-4 py-4 sm:items-center sm:py-8">
      <div className="w-full max-w-md rounded-xl border border-border bg-surface shadow-card">
        <div className="p-5 sm:p-6">
          <div className="flex justify-center">
            <PlatformIcon platform={provider} size="lg" />
          </div>
          {children}
        </div>
        {actions && (
          <div data-testid="oauth-actions" className="sticky bottom-0 flex justify-end gap-2 rounded-b-xl border-t border-border bg-surface px-5 py-3 sm:px-6">
            {actions}
          </div>
        )}
      </div>
    </main>
  );
}
