import { useEffect } from 'react';
import { useAgencyName } from './brand';
import { useHeadCollector } from './head';

/** The document title of a page titled `title`: 'Title | Agency', the agency's name alone for an empty title. */
export function documentTitle(title: string, brand: string): string {
  return title ? `${title} | ${brand}` : brand;
}

/**
 * Sets the page title (and meta description when given) for crawlable public pages: in the browser after render,
 * and while prerendering into the head collected for the page's static HTML.
 */
export function useDocumentTitle(title: string, description?: string): void {
  const collected = useHeadCollector();
  const brand = useAgencyName();
  if (collected) {
    collected.title = documentTitle(title, brand);
    if (description) collected.description = description;
  }
  useEffect(() => {
    document.title = documentTitle(title, brand);
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description, brand]);
}
