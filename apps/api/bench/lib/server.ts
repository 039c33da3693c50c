import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningServer {
  base: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/**
 * The production build of the API (apps/api/dist), built first when the package has a build step (`ifStale`: only
 * when a source is newer than the build, as `pnpm start` does); else tsx (said so).
 */
export function productionEntry({ ifStale = false } = {}): string[] {
  const pkg = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  if (pkg.scripts.build) {
    const built = spawnSync('pnpm', ['run', 'build', ...(ifStale ? ['--if-stale'] : [])], { cwd: apiRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('building the API failed');
  }
  const dist = path.join(apiRoot, 'dist/main.js');
  if (existsSync(dist)) return ['--enable-source-maps', dist];
  console.warn('No production build of the API (apps/api/dist/main.js): measuring the tsx start instead.');
  return ['--import', 'tsx', path.join(apiRoot, 'src/main.ts')];
}

/** Starts the API (production mode, demo data on, quiet log) on `databaseUrl`; resolves once /api/health/ answers. */
export async function startServer(entry: string[], databaseUrl: string, port: number, extraArgs: string[] = []): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, [...extraArgs, ...entry], {
    cwd: apiRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      LOG_LEVEL: 'warn',
      APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  let shown = 0;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    // The first few warnings are shown (a driver deprecation, an error); the rest stay in the output kept for a crash.
    if (/warn|deprecat|error/i.test(text) && shown++ < 5) process.stderr.write(`[server] ${text.slice(0, 600)}\n`);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${output.join('')}`);
    const ok = await fetch(`${base}/api/health/`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the API did not answer within 60 s:\n${output.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    child,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
