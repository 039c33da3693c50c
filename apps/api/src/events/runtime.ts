import type { AppDeps } from '../deps';
import { MAX_NOTIFY_BYTES, openBridge, type Bridge } from './bridge';
import type { AnyEventName } from './catalog';
import { dispatchEvents, EVENTS_CHANNEL, loadEventPayload, OUTBOX_CHANNEL, type FanOutMessage } from './outbox';

export interface EventRuntimeOptions {
  /** How often the outbox is swept for events nobody dispatched (a crashed instance, a failed listener). */
  sweepMs?: number;
}

/**
 * How long a wake-up (an event committed anywhere) waits before sweeping. The instance that committed an event
 * dispatches it itself right after the commit; the others only need to step in when it died in between, so they
 * look a moment later, once per burst of events, instead of racing it for every one.
 */
const WAKE_DELAY_MS = 1_000;

export interface EventRuntime {
  /** Dispatches every due event now (what the timer and the wake-up NOTIFY do). */
  sweep(): Promise<void>;
  close(): Promise<void>;
}

/**
 * What makes an instance part of the cluster's event flow: it LISTENs for fanned-out events (and hands them to
 * the local subscribers, e.g. the WebSocket layer), for wake-ups of the outbox, and sweeps the outbox on a timer
 * and at start, so events committed by an instance that died are still dispatched.
 */
export async function startEventRuntime(deps: AppDeps, options: EventRuntimeOptions = {}): Promise<EventRuntime> {
  const logger = deps.logger.child({ component: 'events' });
  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;

  const sweep = (): Promise<void> => {
    if (closed) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await dispatchEvents(deps);
        } catch (err) {
          logger.error({ err }, 'events: sweep failed');
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
    });
    return running;
  };

  let wakeTimer: NodeJS.Timeout | null = null;
  const wake = () => {
    if (closed || wakeTimer) return;
    wakeTimer = setTimeout(() => {
      wakeTimer = null;
      void sweep();
    }, WAKE_DELAY_MS);
    wakeTimer.unref();
  };

  const receive = (text: string) => {
    const message = JSON.parse(text) as FanOutMessage;
    const name = message.name as AnyEventName;
    if (message.id === undefined) {
      deps.events.deliver(name, message.payload, message.origin);
      return;
    }
    loadEventPayload(deps.db, message.id)
      .then((payload) => deps.events.deliver(name, payload, message.origin))
      .catch((err: unknown) => logger.warn({ err, name }, 'events: could not load a large event'));
  };

  if (deps.events.fannedOut) throw new Error('This instance already runs an event runtime.');
  const bridge: Bridge = await openBridge(deps.database, logger, {
    [EVENTS_CHANNEL]: receive,
    [OUTBOX_CHANNEL]: wake,
  });
  const broadcaster = async (name: AnyEventName, payload: unknown) => {
    const text = JSON.stringify({ origin: deps.events.instanceId, name, payload } satisfies FanOutMessage);
    if (Buffer.byteLength(text) >= MAX_NOTIFY_BYTES) {
      logger.warn({ name }, 'events: broadcast too large for NOTIFY, not sent');
      return;
    }
    await bridge.notify(EVENTS_CHANNEL, text);
  };
  deps.events.setBroadcaster(broadcaster);

  const timer = setInterval(() => void sweep(), options.sweepMs ?? 5_000);
  timer.unref();
  void sweep();

  return {
    sweep,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      if (wakeTimer) clearTimeout(wakeTimer);
      deps.events.clearBroadcaster(broadcaster);
      await running;
      await bridge.close();
    },
  };
}
