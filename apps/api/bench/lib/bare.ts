import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import pg from 'pg';
import { pino } from 'pino';
import { createApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { createDeps } from '../../src/deps';

interface Statement {
  text: string;
  values: unknown[];
}

/**
 * The SQL one API request runs, captured in this process: the API is built here on the same database (production
 * mode) and pg's Client.query is observed while it answers `path` once. Answers the statements and the body.
 */
export async function captureRequest(databaseUrl: string, path: string, token: string): Promise<{ statements: Statement[]; body: Buffer }> {
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', DATABASE_URL: databaseUrl, DEMO_DATA: 'off', APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789' });
  const database = await openDatabase({ databaseUrl });
  const deps = createDeps({ config, database, logger: pino({ level: 'silent' }) });
  const server = createServer(createApp(deps));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  const headers = { Authorization: `Token ${token}` };
  await fetch(url, { headers }); // warm: the token lookup's caches, prepared shapes
  const statements: Statement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    if (typeof first === 'string') statements.push({ text: first, values: Array.isArray(second) ? second : [] });
    else if (first && typeof first === 'object' && 'text' in first) statements.push({ text: first.text, values: first.values ?? (Array.isArray(second) ? second : []) });
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  let body: Buffer;
  try {
    const res = await fetch(url, { headers });
    body = Buffer.from(await res.arrayBuffer());
    if (!res.ok) throw new Error(`${path} answered ${res.status} while capturing`);
  } finally {
    pg.Client.prototype.query = original;
  }
  server.close();
  await database.close();
  if (process.env.BENCH_SHOW_SQL) console.log(statements.map((s) => s.text.slice(0, 90)));
  return { statements: statements.filter((s) => !/^(begin|commit|rollback)$/i.test(s.text.trim())), body };
}

const require = createRequire(import.meta.url);

/**
 * A bare node:http + pg server that runs the same statements (same values, in order, on one pooled connection) and
 * answers the API's bytes: what the route would cost with no framework at all. Runs in its own process, as the API does.
 */
export async function startBareServer(databaseUrl: string, statements: Statement[], body: Buffer): Promise<{ base: string; stop: () => void }> {
  const source = `
    const http = require('node:http');
    const pg = require(${JSON.stringify(require.resolve('pg'))});
    const pool = new pg.Pool({ connectionString: process.env.BARE_DATABASE_URL, max: 10 });
    const statements = JSON.parse(process.env.BARE_STATEMENTS);
    const body = Buffer.from(process.env.BARE_BODY, 'base64');
    http.createServer(async (req, res) => {
      const client = await pool.connect();
      try { for (const s of statements) await client.query(s.text, s.values); } finally { client.release(); }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    }).listen(0, '127.0.0.1', function () { process.send(this.address().port); });`;
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, BARE_DATABASE_URL: databaseUrl, BARE_STATEMENTS: JSON.stringify(statements), BARE_BODY: body.toString('base64') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve(Number(m)));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}
