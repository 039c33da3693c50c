import { useLayoutEffect, useRef } from 'react';

/**
 * Scrolls the window back to the top whenever `key` changes, so a newly opened page or dashboard section starts
 * at its top instead of at the scroll position of the previous one. Not on the first render: a reload keeps the
 * position the browser restores.
 */
export function useScrollToTopOnChange(key: string): void {
  const previous = useRef(key);
  useLayoutEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    window.scrollTo(0, 0);
  }, [key]);
}
