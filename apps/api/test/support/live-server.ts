import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import type { TServerEvent as ServerEvent } from '@agency/contract';
import { createApp } from '../../src/app';
import { openDatabase, type Database } from '../../src/db/client';
import type { AppDeps } from '../../src/deps';
import { startEventRuntime, type EventRuntime } from '../../src/events/runtime';
import { attachRealtime, type Realtime, type RealtimeOptions } from '../../src/realtime';
import { createTestDeps } from './test-app';

/** One API instance listening on an ephemeral loopback port, with the WebSocket attached (what main.ts does). */
export interface LiveServer {
  deps: AppDeps;
  server: Server;
  realtime: Realtime;
  /** The event runtime this server started (none when its deps already had one). */
  events: EventRuntime | undefined;
  /** http://127.0.0.1:<port> */
  url: string;
  /** ws://127.0.0.1:<port>/api/ws */
  wsUrl: string;
  close: () => Promise<void>;
}

export async function startLiveServer(
  deps: AppDeps,
  options: RealtimeOptions & { app?: ReturnType<typeof createApp> } = {},
): Promise<LiveServer> {
  const app = options.app ?? createApp(deps, { loginLimits: { windowMs: 60_000, perIp: 100_000, perEmail: 100_000 } });
  const server = createServer(app);
  // One event runtime per instance: a second server on the same deps (a test's variant) shares the first one's.
  const events: EventRuntime | undefined = deps.events.fannedOut ? undefined : await startEventRuntime(deps, { sweepMs: 1000 });
  const realtime = await attachRealtime(server, deps, options);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    deps,
    server,
    realtime,
    events,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/api/ws`,
    close: async () => {
      await realtime.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await events?.close();
    },
  };
}

/**
 * The dependencies of a second API instance on the SAME database: its own event bus, job queue and realtime bridge.
 * On Postgres it also gets its own connection pool (as a separate process would); PGlite is one in-process
 * database, so both instances share it. close() releases only what this helper opened.
 */
export async function secondInstanceDeps(deps: AppDeps, { runJobs = false } = {}): Promise<{ deps: AppDeps; close: () => Promise<void> }> {
  let database: Database = deps.database;
  let closeDatabase = async () => undefined;
  if (deps.database.raw.kind === 'postgres') {
    const opts = deps.database.raw.pool.options as { connectionString?: string };
    const own = await openDatabase({ databaseUrl: opts.connectionString });
    database = own;
    closeDatabase = async () => {
      await own.close().catch(() => undefined);
    };
  }
  const second = await createTestDeps({ ...deps.config }, database, runJobs);
  return {
    deps: second,
    close: async () => {
      await second.jobs.stop();
      await closeDatabase();
    },
  };
}

/** A test client of /api/ws that records every event it receives. */
export interface WsClient {
  ws: WebSocket;
  events: ServerEvent[];
  /** Resolves with the first recorded (or future) event matching, or rejects after timeoutMs. */
  waitFor: <T extends ServerEvent>(match: (e: ServerEvent) => e is T, timeoutMs?: number) => Promise<T>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close: () => Promise<void>;
}

/** Opens a socket and waits for the server's `ready` event (the socket is registered then). */
export async function connectWs(url: string, opts: { origin?: string } = {}): Promise<WsClient> {
  const ws = new WebSocket(url, opts.origin ? { origin: opts.origin } : {});
  const events: ServerEvent[] = [];
  const waiters = new Set<(e: ServerEvent) => void>();
  ws.on('message', (data) => {
    const event = JSON.parse(data.toString()) as ServerEvent;
    events.push(event);
    for (const w of [...waiters]) w(event);
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const waitFor = <T extends ServerEvent>(match: (e: ServerEvent) => e is T, timeoutMs = 3000) =>
    new Promise<T>((resolve, reject) => {
      const seen = events.find(match);
      if (seen) return resolve(seen);
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
      }, timeoutMs);
      const check = (e: ServerEvent) => {
        if (!match(e)) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(e);
      };
      waiters.add(check);
    });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
  });
  await waitFor((e): e is Extract<ServerEvent, { type: 'ready' }> => e.type === 'ready');
  return {
    ws,
    events,
    waitFor,
    closed,
    close: async () => {
      if (ws.readyState !== WebSocket.CLOSED) {
        ws.close();
        await closed;
      }
    },
  };
}

/** Attempts an upgrade that the server should refuse; answers the HTTP status and JSON body it sent. */
export function refusedUpgrade(url: string, opts: { origin?: string } = {}): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, opts.origin ? { origin: opts.origin } : {});
    ws.once('open', () => {
      ws.close();
      reject(new Error('upgrade was accepted'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      res.on('error', reject);
    });
    ws.once('error', (err) => reject(err));
  });
}
