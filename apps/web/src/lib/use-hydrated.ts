import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while prerendering and while hydrating the prerendered HTML, true from the render right after. What reads
 * the browser (localStorage, window, the clock) renders its server form until then, so the first client render
 * matches the static HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
