import { useEffect } from 'react';

/**
 * Keeps the page out of search engines while it is shown (`<meta name="robots" content="noindex, nofollow">`),
 * for pages reached by a private link. Removed again when the page unmounts.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex, nofollow';
    document.head.appendChild(meta);
    return () => meta.remove();
  }, []);
}
