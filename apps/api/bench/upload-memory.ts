/**
 * Memory of the server while it receives many large uploads at once, run by hand (not in CI):
 *   pnpm --filter @agency/api bench:upload                          # server on an embedded PGlite in a temp DATA_DIR
 *   DATABASE_URL=postgres://… pnpm --filter @agency/api bench:upload  # server on a fresh scratch database there
 * Options (environment): BENCH_UPLOADS (default 30), BENCH_UPLOAD_BYTES (default 10 MiB, the largest upload allowed),
 * BENCH_ROUNDS (default 2; the first one also loads code the server had not run yet), BENCH_TIMEOUT_MS (whole run,
 * default 180000), BENCH_STORAGE (local, the default, or s3: the server stores into an S3 stand-in started here, which
 * keeps only sizes).
 *
 * Starts the API as its own process (`node --import tsx src/main.ts`) on a free loopback port; each round registers a
 * client user, then sends BENCH_UPLOADS uploads of BENCH_UPLOAD_BYTES at the same time (POST /api/files/, a plain-text file,
 * streamed from one shared buffer). The server's resident set size (VmRSS) is sampled every 20 ms: before the uploads,
 * the peak while they run, and 2 s after the last one, per round. Uploads held in memory show as a peak of about
 * BENCH_UPLOADS × BENCH_UPLOAD_BYTES above the start; streamed to disk, the peak stays flat. Everything it started or
 * created (the server, its data folder, the scratch database) is removed at the end.
 * test/system/bench-smoke.test.ts runs runUploadMemoryBench with a few small uploads in one round.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_UPLOAD_BYTES } from '@agency/contract';
import { startS3StandIn } from '../test/support/s3-stand-in';
import { scratchDatabase } from '../test/support/scratch-db';
import { isMainModule } from './lib/main';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1024 * 1024;

const int = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isInteger(v) && v > 0 ? v : fallback;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** VmRSS of a process in bytes (Linux /proc). */
function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

async function waitForHealth(base: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health/`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/health/ in time');
}

/** One multipart upload whose file part is `body`, streamed from the shared buffer. */
function upload(base: string, token: string, body: Buffer, index: number): Promise<number> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${index}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}/api/files/`,
      {
        method: 'POST',
        headers: {
          Authorization: `Token ${token}`,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + body.length + tail.length,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    req.write(body);
    req.end(tail);
  });
}

export interface UploadMemoryOptions {
  /** Each defaults to its BENCH_* variable (header). */
  uploads?: number;
  rounds?: number;
  bytes?: number;
  timeoutMs?: number;
  storage?: 'local' | 's3';
  /** A Postgres server to make the scratch database on (default: DATABASE_URL); none: PGlite in the data folder. */
  databaseUrl?: string;
  /** How node starts the API (default: `--import tsx src/main.ts`, in apps/api). */
  entry?: string[];
  /** How long the server idles before the first round, and after each round's uploads before `after` is read. */
  idleMs?: number;
  afterMs?: number;
}

export interface UploadRound {
  round: number;
  uploads: number;
  bytes: number;
  elapsedMs: number;
  /** How many uploads answered each HTTP status. */
  statuses: Record<number, number>;
  /** The server's resident set size, bytes. */
  rssBefore: number;
  rssPeak: number;
  rssAfter: number;
}

export async function runUploadMemoryBench(o: UploadMemoryOptions = {}): Promise<UploadRound[]> {
  const uploads = o.uploads ?? int('BENCH_UPLOADS', 30);
  const rounds = o.rounds ?? int('BENCH_ROUNDS', 2);
  const bytes = o.bytes ?? int('BENCH_UPLOAD_BYTES', MAX_UPLOAD_BYTES);
  const deadline = Date.now() + (o.timeoutMs ?? int('BENCH_TIMEOUT_MS', 180_000));
  const storage = o.storage ?? (process.env.BENCH_STORAGE === 's3' ? 's3' : 'local');
  const databaseUrl = o.databaseUrl ?? process.env.DATABASE_URL;
  const entry = o.entry ?? ['--import', 'tsx', 'src/main.ts'];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-upload-'));
  const scratch = databaseUrl ? await scratchDatabase(databaseUrl, 'bench_upload') : undefined;
  const s3 = storage === 's3' ? await startS3StandIn({ discardBodies: true }) : undefined;
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
    BCRYPT_ROUNDS: '4',
    DATABASE_URL: scratch?.url ?? '',
    WEB_DIST: '',
    ...s3?.env(),
  };
  // node itself (not the tsx wrapper, which would be a second process) so the sampled pid is the server.
  const child = spawn(process.execPath, entry, { cwd: API_DIR, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const results: UploadRound[] = [];
  try {
    await waitForHealth(base, child, deadline);
    const body = Buffer.alloc(bytes, 'abcdefghij\n');
    await new Promise((r) => setTimeout(r, o.idleMs ?? 1000));
    const start = rssOf(child.pid!);
    for (let round = 1; round <= rounds; round++) {
      // A new user per round: the uploads of one round are all its per-minute limit allows.
      const reg = await fetch(`${base}/api/auth/register/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: `bench${round}@example.test`, password: 'Granite-ferry-umbrella-3', name: `Bench Client ${round}`, role: 'client' }),
      });
      if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
      const { token } = (await reg.json()) as { token: string };

      const before = rssOf(child.pid!);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssOf(child.pid!));
      }, 20);
      const started = Date.now();
      const statuses = await Promise.all(Array.from({ length: uploads }, (_, i) => upload(base, token, body, i)));
      const elapsed = Date.now() - started;
      await new Promise((r) => setTimeout(r, o.afterMs ?? 2000));
      clearInterval(sampler);
      const after = rssOf(child.pid!);
      peak = Math.max(peak, after); // uploads shorter than the sampling interval still have a peak

      const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
      const mib = (n: number) => `${(n / MiB).toFixed(1)} MiB`;
      const growth = (n: number) => `${n < 0 ? '-' : '+'}${mib(Math.abs(n))}`;
      const result: UploadRound = { round, uploads, bytes, elapsedMs: elapsed, statuses: counts, rssBefore: before, rssPeak: peak, rssAfter: after };
      results.push(result);
      console.log(`round ${round}: ${uploads} concurrent uploads of ${mib(bytes)} in ${elapsed} ms; statuses ${JSON.stringify(counts)}`);
      console.log(
        `  server RSS before ${mib(before)}, peak ${mib(peak)} (${growth(peak - before)}), after ${mib(after)} (${growth(after - before)}; ${growth(after - start)} since the start)`,
      );
      console.log(`  ${JSON.stringify(result)}`);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(undefined) : child.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
    await scratch?.drop().catch(() => undefined);
    if (s3) {
      const puts = s3.requests.filter((r) => r.method === 'PUT');
      console.log(`S3 stand-in: ${puts.length} PutObject (${puts.filter((r) => r.status === 200).length} stored), ${s3.objects.size} objects`);
      await s3.close();
    }
  }
  return results;
}

if (isMainModule(import.meta.url)) {
  runUploadMemoryBench()
    .then(() => process.exit(0))
    .catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
}
