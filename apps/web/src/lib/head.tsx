import { createContext, useContext, type ReactNode } from 'react';

/** What a page puts in the document head: its full title and meta description. */
export interface THead {
  title?: string;
  description?: string;
}

const HeadContext = createContext<THead | null>(null);

/**
 * Collects the head of the page being prerendered (entry-server): useDocumentTitle writes into `head` during the
 * render, where effects do not run. In the browser there is no provider and the effect sets document.title.
 */
export function HeadProvider({ head, children }: { head: THead; children: ReactNode }) {
  return <HeadContext.Provider value={head}>{children}</HeadContext.Provider>;
}

/** The head being collected while prerendering, else null. */
export function useHeadCollector(): THead | null {
  return useContext(HeadContext);
}
