import { useEffect } from 'react';
import { BRAND_NAME } from './brand';
import { useHeadCollector } from './head';

/** The document title of a page titled `title`: 'Title | Brand', the brand alone for an empty title. */
export function documentTitle(title: string): string {
  return title ? `${title} | ${BRAND_NAME}` : BRAND_NAME;
}

/**
 * Sets the page title (and meta description when given) for crawlable public pages: in the browser after render,
 * and while prerendering into the head collected for the page's static HTML.
 */
export function useDocumentTitle(title: string, description?: string): void {
  const collected = useHeadCollector();
  if (collected) {
    collected.title = documentTitle(title);
    if (description) collected.description = description;
  }
  useEffect(() => {
    document.title = documentTitle(title);
    if (description) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
