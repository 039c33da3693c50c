import { format } from 'node:util';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import { AuthContextProvider, type TAuthContext } from '@/lib/auth';
import { createTestQueryClient, guestSession } from './render';

/**
 * A prerendered public page as the browser gets it: `prerender` gives the HTML the build writes (scripts/prerender.mjs,
 * a guest with empty storage), `hydrate` loads the page's script over it, with whatever the browser knows by then (a
 * session, localStorage). React reports every difference between the HTML and the first client render (in production
 * errors #418 and #422, after which it throws the HTML away and renders again).
 */

interface TPageOptions {
  route: string;
  /** A guest unless given, as prerendering renders every page. */
  session?: TAuthContext;
}

/** The page inside the app's providers, with a query cache of its own. */
function page(ui: ReactElement, { route, session = guestSession() }: TPageOptions) {
  return (
    <QueryClientProvider client={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <AuthContextProvider value={session}>{ui}</AuthContextProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

export function prerender(ui: ReactElement, options: TPageOptions): string {
  // jsdom has a document, so libraries (Radix) take their useLayoutEffect while rendering to a string and React warns;
  // the build prerenders without a document, where they do not.
  const log = console.error.bind(console);
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!String(args[0]).includes('useLayoutEffect does nothing on the server')) log(...args);
  });
  try {
    return renderToString(page(ui, options));
  } finally {
    consoleError.mockRestore();
  }
}

const hydrated: { root: Root; container: HTMLElement }[] = [];
afterEach(() => {
  for (const { root, container } of hydrated.splice(0)) {
    act(() => root.unmount());
    container.remove();
  }
});

/** Hydrates `html` with `ui`; returns what React reported about the hydration (nothing when it matched). */
export async function hydrate(html: string, ui: ReactElement, options: TPageOptions): Promise<{ hydrationErrors: string[] }> {
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const hydrationErrors: string[] = [];
  // Mismatched attributes are only warned about (React keeps the server's value), mismatched text is an error.
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    hydrationErrors.push(format(...args));
  });
  try {
    await act(async () => {
      const root = hydrateRoot(container, page(ui, options), {
        onRecoverableError: (error) => hydrationErrors.push(String(error)),
      });
      hydrated.push({ root, container });
    });
  } finally {
    consoleError.mockRestore();
  }
  return { hydrationErrors };
}
