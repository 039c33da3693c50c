import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { MAX_NOTIFY_BYTES, NOTIFY_CHANNEL, type WireEnvelope } from './protocol';

/**
 * Fan-out between API instances sharing one Postgres: every event is published with NOTIFY on one channel
 * and every instance LISTENs. No broker besides the database.
 */
export interface EventBridge {
  publish(envelope: WireEnvelope): Promise<void>;
  close(): Promise<void>;
}

type Receive = (envelope: WireEnvelope) => void;

/** How the LISTEN connection shows in pg_stat_activity. */
export const LISTEN_APPLICATION_NAME = 'agency-realtime-listen';

export async function openBridge(database: Database, logger: Logger, receive: Receive, channel = NOTIFY_CHANNEL): Promise<EventBridge> {
  const onPayload = (payload: string | undefined) => {
    if (!payload) return;
    try {
      const envelope = JSON.parse(payload) as WireEnvelope;
      if (typeof envelope?.origin === 'string' && envelope.event && envelope.audience) receive(envelope);
    } catch (err) {
      logger.warn({ err }, 'realtime: unreadable NOTIFY payload dropped');
    }
  };
  return database.raw.kind === 'postgres'
    ? openPostgresBridge(database.raw.pool, logger, onPayload, channel)
    : openPgliteBridge(database.raw.client, logger, onPayload, channel);
}

/** The NOTIFY payload, or null (with a warning) when it would be too large for Postgres. */
function serialize(envelope: WireEnvelope, logger: Logger): string | null {
  const payload = JSON.stringify(envelope);
  if (Buffer.byteLength(payload) < MAX_NOTIFY_BYTES) return payload;
  logger.warn({ type: envelope.event.type }, 'realtime: event too large for NOTIFY, not fanned out');
  return null;
}

async function openPgliteBridge(
  client: import('@electric-sql/pglite').PGlite,
  logger: Logger,
  onPayload: (payload: string) => void,
  channel: string,
): Promise<EventBridge> {
  const unlisten = await client.listen(channel, onPayload);
  let closed = false;
  return {
    async publish(envelope) {
      const payload = serialize(envelope, logger);
      if (!payload || closed) return;
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      if (closed) return;
      closed = true;
      await unlisten().catch(() => undefined);
    },
  };
}

/** LISTEN needs one connection of its own (a pooled one would be handed to queries); it reconnects with backoff. */
async function openPostgresBridge(
  pool: import('pg').Pool,
  logger: Logger,
  onPayload: (payload: string | undefined) => void,
  channel: string,
): Promise<EventBridge> {
  const { Client } = await import('pg');
  let client: import('pg').Client | null = null;
  let closed = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | null = null;

  const scheduleReconnect = () => {
    if (closed || timer) return;
    const delay = Math.min(15_000, 250 * 2 ** attempt) + Math.floor(Math.random() * 250);
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
    next.on('notification', (msg) => {
      if (msg.channel === channel) onPayload(msg.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${quoteIdent(channel)}`);
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

  await connect();
  return {
    async publish(envelope) {
      const payload = serialize(envelope, logger);
      if (!payload || closed) return;
      // On the LISTEN connection, so fan-out never waits for a pooled connection behind API requests.
      await (client ?? pool).query('select pg_notify($1, $2)', [channel, payload]);
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
