import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database } from '../../src/db/client';
import { scratchDatabase } from './scratch-db';

/**
 * The real API (src/main.ts) as a child process, for tests that kill it, restart it or cut its database.
 * It is bundled once with esbuild (the copy tsx itself runs on) into dist/test-server/, so a start costs node's
 * start-up and the database's, not a TypeScript transform of every module; dist/test-server/../../drizzle is the
 * migration folder main.ts expects next to its source.
 */

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLE = path.join(API_ROOT, 'dist/test-server/main.mjs');

let bundled: Promise<string> | undefined;

export function bundleApi(): Promise<string> {
  bundled ??= (async () => {
    const require = createRequire(import.meta.url);
    const esbuild = require(require.resolve('esbuild', { paths: [require.resolve('tsx')] })) as {
      build(options: Record<string, unknown>): Promise<unknown>;
    };
    await esbuild.build({
      entryPoints: [path.join(API_ROOT, 'src/main.ts')],
      outfile: BUNDLE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Dependencies load from node_modules as in production; only our TypeScript (and the contract's) is bundled.
      packages: 'external',
      alias: { '@agency/contract': path.resolve(API_ROOT, '../../packages/contract/src/index.ts') },
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      logLevel: 'warning',
    });
    return BUNDLE;
  })();
  return bundled;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface ApiProcess {
  child: ChildProcess;
  url: string;
  /** Everything it printed (for the failure message). */
  output: () => string;
  /** Resolves with the exit code or signal when the process ends. */
  exited: Promise<string>;
  kill9: () => Promise<string>;
  stop: () => Promise<string>;
}

/** Starts the bundled API with `env` on a free port and waits until /api/health/ answers 200. */
export async function startApiProcess(env: Record<string, string>, readyTimeoutMs = 120_000): Promise<ApiProcess> {
  const bundle = await bundleApi();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [bundle], {
    cwd: API_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      BCRYPT_ROUNDS: '4',
      APP_SECRET: 'crash-and-outage-tests-secret-0123456789abcdef',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const url = `http://127.0.0.1:${port}`;
  const proc: ApiProcess = {
    child,
    url,
    output: () => out,
    exited,
    kill9: () => {
      child.kill('SIGKILL');
      return exited;
    },
    stop: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  const deadline = Date.now() + readyTimeoutMs;
  let gone = false;
  void exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`The API exited during start-up:\n${out}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.status === 200) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`The API did not answer /api/health/ within ${readyTimeoutMs} ms:\n${out}`);
}

/** A JSON request to a running API. */
export async function call(
  base: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; token?: string; key?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Token ${options.token}`;
  if (options.key) headers['Idempotency-Key'] = options.key;
  const res = await fetch(`${base}${urlPath}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * Where a crash test's API process keeps its data: a scratch folder, and a scratch database on the server of
 * DATABASE_URL when set (else the embedded one in the folder). `env` is what the process needs for it; `openVerifier`
 * opens the same database from the test once the process is gone; `cleanup` removes both.
 */
export async function crashTestStore(label: string): Promise<{ env: Record<string, string>; openVerifier: () => Promise<Database>; cleanup: () => Promise<void> }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `agency-${label}-`));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) {
    const scratch = await scratchDatabase(process.env.DATABASE_URL, label.replace(/[^a-z]/g, ''));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
      openVerifier: () => openDatabase({ databaseUrl: scratch.url }),
      cleanup: async () => {
        await scratch.drop();
        await removeDir();
      },
    };
  }
  return { env: { DATA_DIR: dataDir }, openVerifier: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }), cleanup: removeDir };
}

/** Signs up an admin (with the agency's sign-up code) or a client on a running API, with a unique e-mail. */
export async function registerOn(base: string, adminCode: string, role: 'admin' | 'client', name: string) {
  const res = await call(base, 'POST', '/api/auth/register/', {
    body: { email: `${name}.${randomUUID().slice(0, 8)}@example.test`, password: 'Passw0rd!long', name, role, company: `${name} Co`, ...(role === 'admin' ? { admin_code: adminCode } : {}) },
  });
  if (res.status !== 201) throw new Error(`register ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { token: string; user: { id: number; client_id: number | null } };
}
