import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { App } from './app/app';
import { preloadPublicPage } from './app/router';
import { HeadProvider, type THead } from './lib/head';

/**
 * Prerenders one public page (scripts/prerender.mjs, at build): its HTML and its head (title, description). The
 * page's chunk is loaded first, so it renders whole, as a guest with an empty cart (what the browser's first
 * render shows too before it reads localStorage).
 */
export async function render(url: string): Promise<{ html: string; head: THead }> {
  await preloadPublicPage(new URL(url, 'http://localhost').pathname);
  const head: THead = {};
  function Router({ children }: { children: ReactNode }) {
    return (
      <StaticRouter location={url} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        {children}
      </StaticRouter>
    );
  }
  const html = renderToString(
    <StrictMode>
      <HeadProvider head={head}>
        <App router={Router} />
      </HeadProvider>
    </StrictMode>,
  );
  return { html, head };
}
