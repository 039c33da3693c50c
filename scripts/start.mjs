#!/usr/bin/env node
// `pnpm start`: build what is missing or stale, then run the API (which serves the SPA too) on PORT, in this process.
// The API runs compiled (apps/api/dist/main.js, esbuild, < 2 s to build) instead of being transpiled at every
// start; `pnpm dev` keeps tsx. With the embedded database (no DATABASE_URL), the build also makes a migrated PGlite
// template that a first start copies instead of running initdb. The SPA is built when it is missing (REBUILD_WEB=1
// forces it). `--build-only` builds all of it and exits (the Docker image's build stage).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
const webDist = path.join(root, 'apps/web/dist');

// An mtime check of the API's sources against dist/main.js (a few ms); builds only when something changed.
const buildOnly = process.argv.includes('--build-only');
const { buildApi, isStale } = await import(path.join(apiDir, 'build.mjs'));
const apiMain = path.join(apiDir, 'dist/main.js');
const apiRebuilt = isStale();
if (apiRebuilt) {
  console.log('Building the API...');
  try {
    await buildApi();
  } catch (err) {
    // A read-only install (the Docker image) with a build already in place runs what it has.
    if (!existsSync(apiMain)) {
      console.error(err);
      process.exit(1);
    }
    console.warn(`The API could not be rebuilt (${err instanceof Error ? err.message : String(err)}); running the existing build.`);
  }
}

// The embedded database's template: checked (and rebuilt when stale) only after an API build or when missing.
if (!process.env.DATABASE_URL || buildOnly) {
  const templateBuilt = existsSync(path.join(apiDir, 'dist/pglite-template/template.json'));
  if (apiRebuilt || !templateBuilt) {
    const template = spawnSync(process.execPath, ['dist/pglite-template.js', '--if-stale'], { cwd: apiDir, stdio: 'inherit' });
    // Without a template a first start runs initdb (slower, same result): not a reason to stop.
    if (template.status !== 0) console.warn('The embedded database template could not be built; a first start will take longer.');
  }
}

if (!existsSync(path.join(webDist, 'index.html')) || process.env.REBUILD_WEB === '1') {
  console.log('Building the web app (first start)...');
  const build = spawnSync('pnpm', ['--filter', '@agency/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
if (buildOnly) process.exit(0);

// A local start is a development start (demo data and its logins on the sign-in page); the Docker image sets production.
const env = { ...process.env, WEB_DIST: process.env.WEB_DIST ?? webDist, NODE_ENV: process.env.NODE_ENV ?? 'development' };
if (env.DATA_DIR) env.DATA_DIR = path.resolve(env.DATA_DIR);
else env.DATA_DIR = path.join(root, '.data');

// The API runs in this process (a second Node start would add to every start): its environment is set here, and
// stack traces point at the TypeScript sources (dist/main.js.map).
Object.assign(process.env, env);
process.setSourceMapsEnabled(true);
process.chdir(apiDir);
await import(pathToFileURL(apiMain).href);
