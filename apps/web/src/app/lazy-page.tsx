import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
type TAnyComponent = ComponentType<any>;

export type TLazyPage<T extends TAnyComponent> = LazyExoticComponent<T> & {
  /** Loads the page's chunk; once loaded, the page renders without suspending. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy with a preload: a page whose chunk was preloaded renders synchronously (its loader answers with an
 * already resolved thenable, which React.lazy reads at once), so a prerender is complete and the hydration of a
 * prerendered page matches its HTML instead of suspending.
 */
export function lazyPage<T extends TAnyComponent>(load: () => Promise<{ default: T }>): TLazyPage<T> {
  let loaded: { default: T } | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => (loaded = m),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  const page = lazy(() => {
    if (loaded) {
      const module = loaded;
      // A thenable that resolves synchronously: React.lazy takes the module in the same render.
      return { then: (resolve: (m: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return preload();
  });
  return Object.assign(page, { preload });
}
