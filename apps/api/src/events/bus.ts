import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../deps';
import type { AnyEventMap, AnyEventName, DomainEventMap, DomainEventName } from './catalog';

/**
 * A transactional listener: runs once per event in the whole cluster, inside the dispatch transaction
 * (its writes and the events it records commit together with the event being marked dispatched).
 * `deps.db` is that transaction.
 */
export type EventHandler<K extends DomainEventName> = (payload: DomainEventMap[K], deps: AppDeps) => Promise<unknown>;

/** Where an event came from, for subscribers that care (presence). */
export interface Delivery {
  /** The instance that dispatched or broadcast it. */
  origin: string;
  local: boolean;
}

/** A subscriber: runs on every instance after commit (the realtime layer pushes to the sockets it holds). */
export type EventSubscriber<K extends AnyEventName> = (payload: AnyEventMap[K], delivery: Delivery) => void;

/**
 * The registry of who reacts to which event. Services never call it: they record events (events/outbox.ts);
 * the dispatcher runs the handlers, and the fan-out reaches the subscribers of every instance.
 */
export class EventBus {
  /** This process, as the origin of what it dispatches and broadcasts. */
  readonly instanceId = randomUUID();
  private readonly handlers = new Map<DomainEventName, EventHandler<DomainEventName>[]>();
  private readonly subscribers = new Map<AnyEventName, Set<EventSubscriber<AnyEventName>>>();
  private broadcaster: ((name: AnyEventName, payload: unknown) => Promise<void>) | undefined;

  handle<K extends DomainEventName>(name: K, handler: EventHandler<K>): void {
    const list = this.handlers.get(name) ?? [];
    list.push(handler as unknown as EventHandler<DomainEventName>);
    this.handlers.set(name, list);
  }

  handlersOf<K extends DomainEventName>(name: K): EventHandler<K>[] {
    return (this.handlers.get(name) ?? []) as unknown as EventHandler<K>[];
  }

  on<K extends AnyEventName>(name: K, subscriber: EventSubscriber<K>): () => void {
    const set = this.subscribers.get(name) ?? new Set();
    set.add(subscriber as unknown as EventSubscriber<AnyEventName>);
    this.subscribers.set(name, set);
    return () => set.delete(subscriber as unknown as EventSubscriber<AnyEventName>);
  }

  /** Names that have a handler or a subscriber in this process. */
  heardNames(): Set<AnyEventName> {
    return new Set<AnyEventName>([...this.handlers.keys(), ...[...this.subscribers].filter(([, s]) => s.size > 0).map(([n]) => n)]);
  }

  /** Hands an event that reached this instance to its subscribers. */
  deliver(name: AnyEventName, payload: unknown, origin: string): void {
    const delivery: Delivery = { origin, local: origin === this.instanceId };
    for (const subscriber of this.subscribers.get(name) ?? []) subscriber(payload as AnyEventMap[AnyEventName], delivery);
  }

  /** Whether dispatched events reach the subscribers through the cluster fan-out (else the dispatcher delivers them here). */
  get fannedOut(): boolean {
    return this.broadcaster !== undefined;
  }

  /** Set by the event runtime once the instance listens (events/runtime.ts); one runtime per bus. */
  setBroadcaster(broadcaster: (name: AnyEventName, payload: unknown) => Promise<void>): void {
    if (this.broadcaster) throw new Error('This instance already runs an event runtime.');
    this.broadcaster = broadcaster;
  }

  clearBroadcaster(broadcaster: (name: AnyEventName, payload: unknown) => Promise<void>): void {
    if (this.broadcaster === broadcaster) this.broadcaster = undefined;
  }

  /**
   * Sends a non-durable event to every instance (this one included). Without a running event runtime it is
   * delivered here only.
   */
  async broadcast<K extends AnyEventName>(name: K, payload: AnyEventMap[K]): Promise<void> {
    if (this.broadcaster) await this.broadcaster(name, payload);
    else this.deliver(name, payload, this.instanceId);
  }
}
