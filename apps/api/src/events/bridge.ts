import type { Logger } from 'pino';
import type { Database } from '../db/client';

/**
 * The one LISTEN connection of an instance: every instance LISTENs on the same channels of the shared Postgres,
 * so a NOTIFY (sent at commit when it is part of a transaction) reaches all of them. No broker besides the database.
 */
export interface Bridge {
  /** NOTIFY outside any transaction (broadcasts). */
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export type ChannelHandlers = Record<string, (payload: string) => void>;

/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'agency-realtime-listen';

/** Postgres refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTIFY_BYTES = 7900;

export async function openBridge(database: Database, logger: Logger, handlers: ChannelHandlers): Promise<Bridge> {
  const onNotification = (channel: string, payload: string | undefined) => {
    const handler = handlers[channel];
    if (!handler || payload === undefined) return;
    try {
      handler(payload);
    } catch (err) {
      logger.warn({ err, channel }, 'events: NOTIFY payload could not be handled');
    }
  };
  const channels = Object.keys(handlers);
  return database.raw.kind === 'postgres'
    ? openPostgresBridge(database.raw.pool, logger, onNotification, channels)
    : openPgliteBridge(database.raw.client, onNotification, channels);
}

async function openPgliteBridge(
  client: import('@electric-sql/pglite').PGlite,
  onNotification: (channel: string, payload: string) => void,
  channels: string[],
): Promise<Bridge> {
  const unlisten = await Promise.all(channels.map((channel) => client.listen(channel, (payload) => onNotification(channel, payload))));
  let closed = false;
  return {
    async notify(channel, payload) {
      if (closed) return;
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all(unlisten.map((off) => off().catch(() => undefined)));
    },
  };
}

/** LISTEN needs one connection of its own (a pooled one would be handed to queries); it reconnects with backoff. */
async function openPostgresBridge(
  pool: import('pg').Pool,
  logger: Logger,
  onNotification: (channel: string, payload: string | undefined) => void,
  channels: string[],
): Promise<Bridge> {
  const { Client } = await import('pg');
  let client: import('pg').Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    // At most 5 s apart: NOTIFYs sent while nobody listens are lost, so the gap after the database returns stays short.
    const delay = Math.min(5_000, 250 * 2 ** attempt) + Math.floor(Math.random() * 250);
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, delay);
    timer.unref();
  };

  const connect = async (): Promise<void> => {
    const next = new Client({ ...pool.options, application_name: LISTEN_APPLICATION_NAME });
    let failed = false;
    const fail = (err?: unknown) => {
      if (failed) return;
      failed = true;
      if (!closed) logger.warn({ err }, 'realtime: LISTEN connection lost, reconnecting');
      if (client === next) client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    };
    next.on('error', fail);
    next.on('end', () => fail());
    next.on('notification', (msg) => onNotification(msg.channel, msg.payload));
    try {
      await next.connect();
      for (const channel of channels) await next.query(`LISTEN ${quoteIdent(channel)}`);
      if (closed) {
        await next.end().catch(() => undefined);
        return;
      }
      client = next;
      if (attempt > 0) logger.info('realtime: LISTEN connection restored');
      attempt = 0;
    } catch (err) {
      fail(err);
    }
  };

  // One statement at a time on the LISTEN connection: a connection runs one query at a time, and handing pg a second
  // while one runs (presence broadcasts from many sockets at once) is deprecated (a DeprecationWarning under load;
  // an error in pg 9). The chain keeps pg's own order; a failed NOTIFY does not hold up the next one.
  let notifying: Promise<unknown> = Promise.resolve();
  await connect();
  return {
    async notify(channel, payload) {
      if (closed) return;
      // On the LISTEN connection, so fan-out never waits for a pooled connection behind API requests.
      const send = () => (closed ? undefined : (client ?? pool).query('select pg_notify($1, $2)', [channel, payload]));
      const sent = notifying.then(send, send);
      notifying = sent.catch(() => undefined);
      try {
        await sent;
      } catch (err) {
        // What was queued when the instance shut down (its connection ended) is not a failure to report.
        if (!closed) throw err;
      }
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
