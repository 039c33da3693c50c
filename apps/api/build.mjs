#!/usr/bin/env node
/**
 * `pnpm --filter @agency/api build`: the production API, compiled once instead of transpiled at every start.
 *
 * One ESM bundle, `dist/main.js` (+ source map; `dist/pglite-template.js` builds the embedded database template): our TypeScript and the workspace `@agency/*` packages (their
 * source is TypeScript) are bundled; every other package stays external and is loaded from node_modules as usual.
 * `pnpm start` and the Docker image run it with plain `node`; `pnpm dev` keeps `tsx watch`.
 *
 * `node build.mjs --if-stale` builds only when dist/main.js is missing or older than a source it is built from
 * (src/, the workspace packages' src/, this file, package.json): a cheap mtime walk, so `pnpm start` can call it
 * every time.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.dirname(fileURLToPath(import.meta.url));
const outfile = path.join(apiDir, 'dist/main.js');
/** What the bundle is made of: a change to any of these makes dist/main.js stale. */
const inputs = [
  path.join(apiDir, 'src'),
  path.join(apiDir, '../../packages/contract/src'),
  path.join(apiDir, 'build.mjs'),
  path.join(apiDir, 'package.json'),
];

function newestMtime(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function isStale() {
  let built;
  try {
    built = statSync(outfile).mtimeMs;
  } catch {
    return true;
  }
  return inputs.some((input) => newestMtime(input) > built);
}

/** Bare imports stay external (node_modules), except the workspace packages, whose source is bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@agency/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function buildApi() {
  const started = Date.now();
  // Loaded only to build: `pnpm start` imports this file for isStale() at every start.
  const { build } = await import('esbuild');
  await build({
    // The server, and the builder of the embedded database template (src/db/pglite-template.ts).
    entryPoints: { main: path.join(apiDir, 'src/main.ts'), 'pglite-template': path.join(apiDir, 'src/db/template-cli.ts') },
    outdir: path.join(apiDir, 'dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces point at the TypeScript (node --enable-source-maps).
    sourcesContent: false,
    logLevel: 'warning',
    plugins: [externalPackages],
    // Bundled code that calls require() (none today) still works in an ES module.
    banner: { js: "import { createRequire as __agencyCreateRequire } from 'node:module'; const require = __agencyCreateRequire(import.meta.url);" },
  });
  return Date.now() - started;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  if (process.argv.includes('--if-stale') && !isStale()) process.exit(0);
  buildApi()
    .then((ms) => console.log(`API built: ${path.relative(process.cwd(), outfile)} (${ms} ms)`))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
