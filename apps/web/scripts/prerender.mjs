#!/usr/bin/env node
/**
 * Last step of `pnpm --filter @agency/web build`: renders every public page to static HTML with the SSR build of
 * src/entry-server.tsx, into dist/prerendered/<path>.html (index.html for /) and dist/prerendered/404.html. Each
 * file is dist/index.html with the page's title and meta description, the page's HTML in #root (marked
 * data-prerendered, so main.tsx hydrates it) and modulepreload links for the page's own chunks. The API serves
 * them (apps/api/src/app.ts).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// React's production build renders the pages (as the browser's does).
process.env.NODE_ENV ??= 'production';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const outDir = path.join(dist, 'prerendered');

/** The prerendered pages and the module of each (its chunk is preloaded); 404 is 'Page not found'. */
const PAGES = {
  '/': 'src/features/public/home.page.tsx',
  '/pricing': 'src/features/public/pricing.page.tsx',
  '/services/instagram': 'src/features/public/service.page.tsx',
  '/services/tiktok': 'src/features/public/service.page.tsx',
  '/services/youtube': 'src/features/public/service.page.tsx',
  '/how-it-works': 'src/features/public/how-it-works.page.tsx',
  '/about': 'src/features/public/about.page.tsx',
  '/contact': 'src/features/public/contact.page.tsx',
  '/faq': 'src/features/public/faq.page.tsx',
  '/blog': 'src/features/public/blog.page.tsx',
  '/privacy': 'src/features/public/privacy.page.tsx',
  '/terms': 'src/features/public/terms.page.tsx',
  '/refund': 'src/features/public/refund.page.tsx',
  '/cookies': 'src/features/public/cookies.page.tsx',
  '/cart': 'src/features/cart/cart.page.tsx',
  '/404': 'src/features/public/not-found.page.tsx',
};

const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
const { render } = await import(pathToFileURL(path.join(webDir, 'dist-ssr', 'entry-server.js')).href);

/** The chunk files a module needs beyond the entry's (which index.html already loads), and their CSS. */
function ownChunks(moduleId) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const have = new Set();
  const collect = (key, into) => {
    if (into.has(key)) return;
    into.add(key);
    for (const dep of manifest[key].imports ?? []) collect(dep, into);
  };
  collect(entryKey, have);
  const need = new Set();
  if (!manifest[moduleId]) throw new Error(`prerender: ${moduleId} is not a chunk of the client build (router.tsx changed?)`);
  collect(moduleId, need);
  const files = [...need].filter((k) => !have.has(k)).map((k) => manifest[k]);
  return { js: files.map((c) => `/${c.file}`), css: files.flatMap((c) => c.css ?? []).map((f) => `/${f}`) };
}

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
for (const [page, moduleId] of Object.entries(PAGES)) {
  const { html, head } = await render(page);
  if (!head.title) throw new Error(`prerender: ${page} sets no title (useDocumentTitle)`);
  const { js, css } = ownChunks(moduleId);
  const links = [...js.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`), ...css.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`)];
  let doc = template.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
  if (head.description) doc = doc.replace(/(<meta\s+name="description"\s+content=")[^"]*(")/, `$1${escapeHtml(head.description)}$2`);
  doc = doc.replace('  </head>', `    ${links.join('\n    ')}\n  </head>`);
  if (!doc.includes('<div id="root"></div>')) throw new Error('prerender: dist/index.html has no empty <div id="root"></div>');
  doc = doc.replace('<div id="root"></div>', () => `<div id="root" data-prerendered>${html}</div>`);
  const file = page === '/' ? 'index.html' : `${page.slice(1)}.html`;
  mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
  writeFileSync(path.join(outDir, file), doc);
  console.log(`prerendered ${page.padEnd(20)} → dist/prerendered/${file} (${(doc.length / 1024).toFixed(1)} KB)`);
}
