import { parseServerEvent, WS_CLOSE_SESSION_ENDED, type TServerEvent } from '@agency/contract';
import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, RealtimeClient, socketUrl, type TSocketLike } from './realtime';
import { PUSHED_NOTIFICATION } from '@/test/notification-fixtures';

class FakeSocket implements TSocketLike {
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  closed = false;
  sent: string[] = [];
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  send(data: string) {
    this.sent.push(data);
  }
  open() {
    this.onopen?.({});
  }
  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }
  drop(code?: number) {
    this.onclose?.(code === undefined ? {} : { code });
  }
}

const notification = PUSHED_NOTIFICATION;

/** A client whose timers are collected by hand and whose tickets are numbered. */
function setup(ticketResults: ('ok' | 'fail')[] = []) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: TServerEvent[] = [];
  const status: boolean[] = [];
  const onSessionEnded = vi.fn();
  let n = 0;
  const getTicket = vi.fn(async () => {
    const result = ticketResults[n] ?? 'ok';
    n++;
    if (result === 'fail') throw new Error('501');
    return `t${n}`;
  });
  const client = new RealtimeClient({
    getTicket,
    url: (t) => `ws://test/api/ws?ticket=${t}`,
    onEvent: (e) => events.push(e),
    onConnectedChange: (c) => status.push(c),
    onSessionEnded,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    random: () => 1,
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: () => {},
  });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  const fireTimer = async () => {
    const t = timers.shift();
    t?.fn();
    await flush();
  };
  return { client, sockets, timers, events, status, getTicket, onSessionEnded, flush, fireTimer };
}

describe('backoffDelay', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    const max = (a: number) => backoffDelay(a, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(max)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('jitters within the upper half of the window', () => {
    expect(backoffDelay(0, () => 0)).toBe(500);
    expect(backoffDelay(3, () => 0.5)).toBe(6000);
    for (let i = 0; i < 50; i++) {
      const d = backoffDelay(8);
      expect(d).toBeGreaterThanOrEqual(15000);
      expect(d).toBeLessThanOrEqual(30000);
    }
  });
});

describe('RealtimeClient', () => {
  it('reports a session the server ended (its role or reach changed), and reconnects as after any drop', async () => {
    const { client, sockets, timers, status, onSessionEnded, flush, fireTimer } = setup();
    client.start();
    await flush();
    sockets[0]!.open();
    sockets[0]!.drop(1006); // a network drop is not an ended session
    expect(onSessionEnded).not.toHaveBeenCalled();
    await fireTimer();
    sockets[1]!.open();
    sockets[1]!.drop(WS_CLOSE_SESSION_ENDED);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(status).toEqual([true, false, true, false]);
    expect(timers).toHaveLength(1);
  });

  it('opens the socket with a ticket and reports connected, then dispatches events', async () => {
    const { client, sockets, events, status, flush } = setup();
    client.start();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toBe('ws://test/api/ws?ticket=t1');
    expect(status).toEqual([]);
    sockets[0]!.open();
    expect(status).toEqual([true]);
    expect(client.isConnected).toBe(true);

    sockets[0]!.receive({ type: 'notification.created', notification });
    sockets[0]!.receive('not json');
    sockets[0]!.receive({ type: 'something.else' });
    sockets[0]!.receive({ type: 'message.created', messageId: 11, clientId: 3 });
    expect(events.map((e) => e.type)).toEqual(['notification.created', 'message.created']);
  });

  it('reconnects with growing delays and a new ticket each time, resetting after a successful open', async () => {
    const { client, sockets, timers, status, getTicket, flush, fireTimer } = setup(['fail', 'fail']);
    client.start();
    await flush();
    // The ticket route failed (e.g. 501): no socket, retry in 1 s.
    expect(sockets).toHaveLength(0);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    await fireTimer();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
    await fireTimer();
    expect(getTicket).toHaveBeenCalledTimes(3);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toContain('ticket=t3');
    sockets[0]!.open();
    expect(client.attempts).toBe(0);

    // The socket drops: disconnected, back to 1 s, new ticket.
    sockets[0]!.drop();
    expect(status).toEqual([true, false]);
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    await fireTimer();
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.url).toContain('ticket=t4');

    // Closing before opening counts as another failure: 2 s next.
    sockets[1]!.drop();
    expect(timers.map((t) => t.ms)).toEqual([2000]);
  });

  it('never waits longer than 30 s between attempts', async () => {
    const { client, timers, fireTimer, flush } = setup(Array.from({ length: 12 }, () => 'fail' as const));
    client.start();
    await flush();
    const delays: number[] = [];
    for (let i = 0; i < 10; i++) {
      delays.push(timers[0]!.ms);
      await fireTimer();
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000, 30000]);
  });

  it('stop closes the socket, reports disconnected and does not reconnect', async () => {
    const { client, sockets, timers, status, flush } = setup();
    client.start();
    await flush();
    sockets[0]!.open();
    client.stop();
    expect(sockets[0]!.closed).toBe(true);
    expect(status).toEqual([true, false]);
    sockets[0]!.drop();
    expect(timers).toHaveLength(0);
  });

  it('pings every 25 s while open and stops pinging when closed', async () => {
    const { client, sockets, flush } = setup();
    client.start();
    await flush();
    vi.useFakeTimers();
    try {
      sockets[0]!.open();
      vi.advanceTimersByTime(50_000);
      expect(sockets[0]!.sent).toEqual(['{"type":"ping"}', '{"type":"ping"}']);
      sockets[0]!.drop();
      vi.advanceTimersByTime(50_000);
      expect(sockets[0]!.sent).toHaveLength(2);
    } finally {
      client.stop();
      vi.useRealTimers();
    }
  });

  it('ignores a ticket that arrives after stop', async () => {
    const { client, sockets, flush } = setup();
    client.start();
    client.stop();
    await flush();
    expect(sockets).toHaveLength(0);
  });
});

describe('parseServerEvent (the contract protocol the client reads frames with)', () => {
  it('rejects a notification event without a notification', () => {
    expect(parseServerEvent('{"type":"notification.created"}')).toBeNull();
    expect(parseServerEvent({ type: 'presence.changed', userId: 1, status: 'online' })).toEqual({
      type: 'presence.changed',
      userId: 1,
      status: 'online',
    });
  });
});

describe('socketUrl', () => {
  it('uses wss on https and the page host', () => {
    expect(socketUrl('a b', { protocol: 'https:', host: 'x.test' })).toBe('wss://x.test/api/ws?ticket=a%20b');
    expect(socketUrl('t', { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/api/ws?ticket=t');
  });
});
