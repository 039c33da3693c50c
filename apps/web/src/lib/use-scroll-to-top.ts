import { useEffect, useLayoutEffect, useRef } from 'react';

/** useLayoutEffect in the browser; while prerendering (no window), where it cannot run anyway, useEffect without the warning. */
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Scrolls the window back to the top whenever `key` changes, so a newly opened page or dashboard section starts
 * at its top instead of at the scroll position of the previous one. Not on the first render: a reload keeps the
 * position the browser restores.
 */
export function useScrollToTopOnChange(key: string): void {
  const previous = useRef(key);
  useIsomorphicLayoutEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    window.scrollTo(0, 0);
  }, [key]);
}
