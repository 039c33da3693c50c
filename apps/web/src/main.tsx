import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPublicPage } from './app/router';
import './index.css';

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (root.hasAttribute('data-prerendered')) {
  // A prerendered public page (scripts/prerender.mjs): load its chunk first, so the first render matches the HTML.
  void preloadPublicPage(window.location.pathname)
    .catch(() => undefined)
    .then(() => hydrateRoot(root, app));
} else {
  createRoot(root).render(app);
}
