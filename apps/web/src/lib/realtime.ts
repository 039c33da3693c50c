import { parseServerEvent, WS_CLOSE_SESSION_ENDED, type TClientFrame, type TServerEvent } from '@agency/contract';
import { createContext, useContext } from 'react';
import { tsr } from './tsr';

/*
 * The browser's realtime client (PRODUCT.md: "messages, read ticks, notifications and presence arrive
 * by WebSocket push at once; polling at the spec's intervals is only the fallback when the socket is down").
 *
 * POST /api/auth/ws-ticket/ → open ws(s)://<host>/api/ws?ticket=<ticket>. The frames are the contract's protocol
 * (packages/contract/src/realtime: server frames read with parseServerEvent, unknown or malformed ones ignored;
 * the browser only sends a ping). Any failure (no ticket, the route answering 501, the socket closing) counts as
 * "disconnected": screens poll through usePollingFallback() and the client reconnects with exponential backoff
 * and a fresh ticket.
 *
 * What an event changes in the query cache is the domain's knowledge: entities/refresh (realtime-refresh.ts names the
 * entity keys each event moves; realtime-provider.tsx opens this client while someone is signed in).
 */

export const RECONNECT_INITIAL_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;
/** Application-level ping while the socket is open (some proxies hide protocol pings). */
export const PING_INTERVAL_MS = 25_000;
const PING_FRAME = JSON.stringify({ type: 'ping' } satisfies TClientFrame);

/**
 * Delay before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … capped at 30 s, with jitter
 * (a random point in the upper half of the window) so many browsers do not reconnect in step.
 */
export function backoffDelay(
  attempt: number,
  random: () => number = Math.random,
  initialMs = RECONNECT_INITIAL_MS,
  maxMs = RECONNECT_MAX_MS,
): number {
  const base = Math.min(maxMs, initialMs * 2 ** Math.max(0, attempt));
  const r = Math.min(1, Math.max(0, random()));
  return Math.round(base / 2 + (base / 2) * r);
}

/** The part of WebSocket the client uses (a fake in tests). */
export interface TSocketLike {
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  close: (code?: number, reason?: string) => void;
  send: (data: string) => void;
}

export interface TRealtimeClientOptions {
  /** Resolves to a fresh single-use ticket; rejects when none can be had. */
  getTicket: () => Promise<string>;
  url: (ticket: string) => string;
  onEvent: (event: TServerEvent) => void;
  onConnectedChange: (connected: boolean) => void;
  /**
   * The server ended the socket's session (WS_CLOSE_SESSION_ENDED): the token was revoked, or what it grants changed
   * (a new role, a client assigned or taken away). What was shown may no longer be the caller's to see.
   */
  onSessionEnded?: () => void;
  createSocket?: (url: string) => TSocketLike;
  random?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  pingMs?: number;
}

export class RealtimeClient {
  private socket: TSocketLike | null = null;
  private timer: unknown = null;
  private pinger: ReturnType<typeof setInterval> | null = null;
  private attempt = 0;
  private running = false;
  private connected = false;
  /** Bumped on stop so a ticket request that resolves late is ignored. */
  private generation = 0;

  constructor(private readonly opts: TRealtimeClientOptions) {}

  get isConnected(): boolean {
    return this.connected;
  }

  /** Number of reconnect attempts since the last open socket. */
  get attempts(): number {
    return this.attempt;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  stop(): void {
    this.running = false;
    this.generation++;
    if (this.timer !== null) (this.opts.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000, 'logout');
      } catch {
        /* already closed */
      }
    }
    this.setConnected(false);
  }

  private setConnected(value: boolean) {
    if (this.connected === value) return;
    this.connected = value;
    this.opts.onConnectedChange(value);
  }

  private async connect(): Promise<void> {
    const gen = this.generation;
    let ticket: string;
    try {
      ticket = await this.opts.getTicket();
    } catch {
      if (gen === this.generation && this.running) this.scheduleReconnect();
      return;
    }
    if (gen !== this.generation || !this.running) return;

    let socket: TSocketLike;
    try {
      const create = this.opts.createSocket ?? ((u: string) => new WebSocket(u) as unknown as TSocketLike);
      socket = create(this.opts.url(ticket));
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.setConnected(true);
      this.startPing(socket);
    };
    socket.onmessage = (ev) => {
      const event = parseServerEvent(ev.data);
      if (event) this.opts.onEvent(event);
    };
    socket.onerror = () => {
      /* a close event follows */
    };
    socket.onclose = (ev) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.stopPing();
      this.setConnected(false);
      if ((ev as { code?: unknown } | null)?.code === WS_CLOSE_SESSION_ENDED) this.opts.onSessionEnded?.();
      if (this.running) this.scheduleReconnect();
    };
  }

  private startPing(socket: TSocketLike) {
    this.stopPing();
    const ms = this.opts.pingMs ?? PING_INTERVAL_MS;
    if (ms <= 0) return;
    this.pinger = setInterval(() => {
      try {
        socket.send(PING_FRAME);
      } catch {
        /* the close event follows */
      }
    }, ms);
  }

  private stopPing() {
    if (this.pinger !== null) clearInterval(this.pinger);
    this.pinger = null;
  }

  private scheduleReconnect() {
    const delay = backoffDelay(this.attempt, this.opts.random);
    this.attempt++;
    const set = this.opts.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
    this.timer = set(() => {
      this.timer = null;
      if (this.running) void this.connect();
    }, delay);
  }
}

/** ws(s)://<host>/api/ws?ticket=… on the page's own origin. */
export function socketUrl(ticket: string, loc: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/api/ws?ticket=${encodeURIComponent(ticket)}`;
}

/** A fresh single-use ticket for the socket (POST /api/auth/ws-ticket/); rejects when none can be had. */
export async function fetchTicket(): Promise<string> {
  const res = await tsr.auth.wsTicket.mutate();
  if (res.status !== 201 || !res.body?.ticket) throw new Error(`ws-ticket: ${res.status}`);
  return res.body.ticket;
}

export interface TRealtimeContext {
  connected: boolean;
}

/** Whether the socket is open; provided by entities/refresh/realtime-provider.tsx. */
export const RealtimeContext = createContext<TRealtimeContext | null>(null);

/** { connected } of the realtime socket; disconnected outside a provider. */
export function useRealtime(): TRealtimeContext {
  return useContext(RealtimeContext) ?? { connected: false };
}

/** refetchInterval for a query that the socket keeps fresh: `ms` while the socket is down, false while it is up. */
export function usePollingFallback(ms: number): number | false {
  const { connected } = useRealtime();
  return connected ? false : ms;
}
