import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { parseClientFrame, WS_CLOSE_SESSION_ENDED, type TPresenceStatus, type TServerEvent } from '@agency/contract';
import type { AppConfig } from '../config';
import { logSecurityEvent } from '../core/security-events';
import type { AppDeps } from '../deps';
import { touchLastSeen } from '../modules/auth';
import { subscribeRealtime } from './listeners';
import type { Audience } from './protocol';
import { ConnectionRegistry, type Connection } from './registry';
import { tokenExists } from './ticket.queries';
import { redeemTicket, type TicketHolder } from './ticket.service';

export const WS_PATH = '/api/ws';
/** Largest frame a browser may send; larger ones close the socket with 1009 (message too big). */
export const WS_MAX_PAYLOAD = 16 * 1024;
/** A socket whose send buffer grows past this is a stalled consumer and is dropped (it reconnects and refetches). */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

export interface RealtimeOptions {
  /** Ping every socket this often; a socket that missed the previous ping is terminated. */
  heartbeatMs?: number;
  /** users.last_seen_at is refreshed for connected users at most this often. */
  presenceWriteMs?: number;
}

export interface Realtime {
  readonly instanceId: string;
  /** Open sockets on this instance. */
  connections(): number;
  close(): Promise<void>;
}

/**
 * The WebSocket at /api/ws, attached to the HTTP server: ticket authentication on upgrade, Origin check,
 * frame size limit, heartbeat, presence, and delivery of domain events to the right users. It is a listener of
 * the event bus (realtime/listeners.ts): it pushes what reaches this instance, which the event runtime
 * (events/runtime.ts, started before it) receives from every instance.
 */
export async function attachRealtime(server: Server, deps: AppDeps, options: RealtimeOptions = {}): Promise<Realtime> {
  const heartbeatMs = options.heartbeatMs ?? 30_000;
  const presenceWriteMs = options.presenceWriteMs ?? 60_000;
  const logger = deps.logger.child({ component: 'realtime' });
  const now = deps.now;
  const instanceId = deps.events.instanceId;
  const registry = new ConnectionRegistry();
  const lastTouched = new Map<number, number>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: WS_MAX_PAYLOAD, clientTracking: false });
  let closing = false;

  // ---- delivery ----
  const push = (audience: Audience, event: TServerEvent) => {
    if (closing) return;
    const targets = registry.resolve(audience);
    if (targets.length === 0) return;
    const data = JSON.stringify(event);
    for (const conn of targets) send(conn, data);
  };

  const announce = ({ userId, role, clientId }: Pick<Connection, 'userId' | 'role' | 'clientId'>, status: TPresenceStatus) => {
    deps.events.broadcast('presence.changed', { userId, role, clientId, status }).catch((err: unknown) => {
      logger.error({ err }, 'realtime: presence broadcast failed');
    });
  };

  const endSession = (conn: Connection) => conn.ws.close(WS_CLOSE_SESSION_ENDED, 'Session ended');

  const unsubscribe = [
    ...subscribeRealtime(deps.events, push),
    // Every instance hears every dispatched event: the sockets of a revoked token close wherever they are.
    deps.events.on('session.revoked', ({ userId, tokenIds }) => {
      for (const conn of registry.resolve({ userIds: [userId] })) {
        if (tokenIds === null || tokenIds.includes(conn.tokenId)) endSession(conn);
      }
    }),
    // Another instance saw this user's last socket go; the user still has one here, so they are online.
    deps.events.on('presence.changed', (e, delivery) => {
      if (delivery.local || e.status === 'online' || closing) return;
      if (registry.has(e.userId)) announce(e, 'online');
    }),
  ];

  // ---- presence ----
  const touch = (userIds: number[]) => {
    if (userIds.length === 0) return;
    const at = now();
    for (const id of userIds) lastTouched.set(id, at.getTime());
    touchLastSeen(deps.db, userIds, at).catch((err: unknown) => logger.warn({ err }, 'realtime: last_seen_at update failed'));
  };

  // ---- connections ----
  const onConnection = (ws: WebSocket, holder: TicketHolder) => {
    const conn: Connection = {
      ws,
      userId: holder.userId,
      tokenId: holder.tokenId,
      role: holder.role,
      clientId: holder.clientId,
      reach: holder.reach ? new Set(holder.reach) : null,
      alive: true,
    };
    const first = registry.add(conn);
    // The token may have been revoked between the ticket's redemption and now (its session.revoked went by).
    tokenExists(deps.db, holder.tokenId)
      .then((live) => {
        if (!live) endSession(conn);
      })
      .catch((err: unknown) => logger.warn({ err }, 'realtime: token check failed'));
    ws.on('pong', () => {
      conn.alive = true;
    });
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (isBinary) return;
      // The only thing a browser says: an application-level ping (some proxies hide protocol pings).
      if (parseClientFrame(data.toString())?.type === 'ping') send(conn, JSON.stringify({ type: 'pong' } satisfies TServerEvent));
    });
    ws.on('error', () => undefined); // 'close' follows; 1009 for oversized frames is sent by ws itself
    ws.on('close', () => {
      if (!registry.remove(conn) || closing) return;
      touch([conn.userId]);
      lastTouched.delete(conn.userId);
      announce(conn, 'away');
    });
    send(conn, JSON.stringify({ type: 'ready', userId: conn.userId } satisfies TServerEvent));
    touch([conn.userId]);
    if (first) announce(conn, 'online');
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== WS_PATH && url.pathname !== `${WS_PATH}/`) {
      socket.destroy();
      return;
    }
    socket.on('error', () => socket.destroy());
    if (closing) return refuse(socket, 503, 'service_unavailable', 'Server is shutting down.');
    // A refused upgrade is a security event as a refused request is (http/security-events.ts); no ticket in it.
    const refused = (status: 401 | 403, code: string, detail: string) => {
      const where = { ip: req.socket.remoteAddress ?? null, method: 'GET', route: WS_PATH };
      logSecurityEvent(logger, status === 401 ? { ...where, security_event: 'not_authenticated', code } : { ...where, security_event: 'forbidden', code });
      refuse(socket, status, code, detail);
    };
    if (!originAllowed(req, deps.config)) return refused(403, 'permission_denied', 'Origin not allowed.');
    const ticket = url.searchParams.get('ticket');
    if (!ticket) return refused(401, 'not_authenticated', 'Authentication credentials were not provided.');
    redeemTicket(deps, ticket)
      .then((holder) => {
        if (!holder) return refused(401, 'authentication_failed', 'Invalid or expired ticket.');
        if (closing || socket.destroyed) return void socket.destroy();
        wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, holder));
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'realtime: upgrade failed');
        refuse(socket, 503, 'service_unavailable', 'Try again shortly.');
      });
  };
  server.on('upgrade', onUpgrade);

  // ---- heartbeat ----
  const heartbeat = setInterval(() => {
    for (const conn of registry.all()) {
      if (!conn.alive) {
        conn.ws.terminate();
        continue;
      }
      conn.alive = false;
      try {
        conn.ws.ping();
      } catch {
        conn.ws.terminate();
      }
    }
    const cutoff = now().getTime() - presenceWriteMs;
    touch(registry.userIds().filter((id) => (lastTouched.get(id) ?? 0) <= cutoff));
  }, heartbeatMs);
  heartbeat.unref();

  return {
    instanceId,
    connections: () => registry.size,
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(heartbeat);
      server.off('upgrade', onUpgrade);
      for (const off of unsubscribe) off();
      const open = registry.all();
      // 1001 "going away": browsers reconnect (to another instance behind the load balancer).
      for (const conn of open) conn.ws.close(1001, 'Server shutting down');
      await Promise.race([
        Promise.all(open.map((conn) => (conn.ws.readyState === WebSocket.CLOSED ? null : new Promise((r) => conn.ws.once('close', r))))),
        new Promise((r) => setTimeout(r, 1000).unref()),
      ]);
      for (const conn of registry.all()) conn.ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function send(conn: Connection, data: string) {
  if (conn.ws.readyState !== WebSocket.OPEN) return;
  if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) {
    conn.ws.terminate();
    return;
  }
  conn.ws.send(data);
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Browsers always send Origin on a WebSocket upgrade: it must be the configured PUBLIC_URL's origin or the server's
 * own (same Host). Clients that send no Origin (not browsers) still need a valid ticket. Outside production a
 * loopback page may reach a loopback server (the Vite dev proxy rewrites Host).
 */
export function originAllowed(req: IncomingMessage, config: Pick<AppConfig, 'PUBLIC_URL' | 'NODE_ENV'>): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
  if (config.PUBLIC_URL && from.origin === new URL(config.PUBLIC_URL).origin) return true;
  const host = req.headers.host;
  if (!host) return false;
  let self: URL;
  try {
    self = new URL(`${from.protocol}//${host}`);
  } catch {
    return false;
  }
  if (self.host === from.host) return true;
  return config.NODE_ENV !== 'production' && LOOPBACK.has(from.hostname) && LOOPBACK.has(self.hostname);
}

const REASONS: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 503: 'Service Unavailable' };

/** Answers a refused upgrade with a plain HTTP error (the ZErrorSchema body) and drops the connection. */
function refuse(socket: Duplex, status: number, code: string, detail: string) {
  if (socket.destroyed) return;
  const body = JSON.stringify({ detail, code });
  socket.end(
    `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
      'Connection: close\r\nContent-Type: application/json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1000).unref();
}
