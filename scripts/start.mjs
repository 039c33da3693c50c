#!/usr/bin/env node
// `pnpm start`: build the SPA when it is missing, then run ONE process (API + SPA) on PORT.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(root, 'apps/web/dist');

if (!existsSync(path.join(webDist, 'index.html')) || process.env.REBUILD_WEB === '1') {
  console.log('Building the web app (first start)...');
  const build = spawnSync('pnpm', ['--filter', '@agency/web', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// Production mode needs APP_SECRET (the API refuses to start without it there); a local try-out without one runs in
// development mode, with a random secret per start.
const hasSecret = Boolean(process.env.APP_SECRET?.trim());
const env = {
  ...process.env,
  WEB_DIST: process.env.WEB_DIST ?? webDist,
  NODE_ENV: process.env.NODE_ENV ?? (hasSecret ? 'production' : 'development'),
};
if (!process.env.NODE_ENV && !hasSecret) {
  console.log('APP_SECRET is not set: starting with NODE_ENV=development. Set APP_SECRET (32+ random characters) for production.');
}
if (env.DATA_DIR) env.DATA_DIR = path.resolve(env.DATA_DIR);
else env.DATA_DIR = path.join(root, '.data');

const tsx = path.join(root, 'apps/api/node_modules/.bin/tsx');
const child = spawn(tsx, ['src/main.ts'], { cwd: path.join(root, 'apps/api'), env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
