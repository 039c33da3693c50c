import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { idempotencyScope, markIdempotencyKeyCommitted } from '../db/idempotency';
import { domainEvents } from '../db/schema';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import type { DomainEventMap, DomainEventName } from './catalog';

/** Channel on which events fan out to every instance (sent at the commit that records them). */
export const EVENTS_CHANNEL = 'agency_events';
/** Channel that wakes the dispatchers when events were committed (sent at commit of the change). */
export const OUTBOX_CHANNEL = 'agency_outbox';
/** Postgres refuses NOTIFY payloads of 8000 bytes or more; larger events travel by id. */
const MAX_INLINE_BYTES = 7800;
const BATCH = 50;
/** A failed dispatch is retried after 1 s, 2 s, 4 s … up to 5 minutes. */
const retryDelayMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));

/** An event a unit of work recorded, for this instance's own subscribers (see UnitOfWork.announced). */
interface Announced {
  name: DomainEventName;
  payload: unknown;
}

/** One unit of work: the transaction events are recorded in, and what to do with them after its commit. */
interface UnitOfWork {
  tx: Db;
  /** Events with handlers: dispatched right after the commit. */
  recorded: number[];
  /**
   * Events recorded, kept only when this instance is outside the cluster fan-out (a CLI, a test without the event
   * runtime): delivered to its own subscribers after the commit. Every other instance hears them by NOTIFY.
   */
  announced: Announced[];
  /** This instance's own work once the change has committed (onCommit), e.g. forgetting sessions it ended. */
  afterCommit: (() => void)[];
}
const unitOfWork = new AsyncLocalStorage<UnitOfWork>();

/** What travels on EVENTS_CHANNEL. */
export interface FanOutMessage {
  origin: string;
  name: string;
  /** The outbox row, when the payload was too large to travel inline. */
  id?: number;
  payload?: unknown;
}

/**
 * Runs `work` in one transaction; the events it records (emit) are committed with its change and dispatched
 * right after the commit, before this returns (so a request answers with its side effects done). A nested
 * call joins the outer unit of work (a savepoint); the outermost one dispatches. A rolled-back change records
 * nothing, so nothing is pushed or mailed.
 */
export async function transact<T>(deps: AppDeps, work: (deps: AppDeps) => Promise<T>): Promise<T> {
  const outer = unitOfWork.getStore();
  if (outer) {
    // A savepoint: what it records joins the outer unit only if it is released (a caught failure leaves nothing behind).
    const inner: Omit<UnitOfWork, 'tx'> = { recorded: [], announced: [], afterCommit: [] };
    const value = await deps.db.transaction((tx) => unitOfWork.run({ tx, ...inner }, () => work({ ...deps, db: tx })));
    outer.recorded.push(...inner.recorded);
    outer.announced.push(...inner.announced);
    outer.afterCommit.push(...inner.afterCommit);
    return value;
  }
  const unit: Omit<UnitOfWork, 'tx'> = { recorded: [], announced: [], afterCommit: [] };
  const idempotent = idempotencyScope.getStore();
  const result = await deps.database.db.transaction((tx) =>
    unitOfWork.run({ tx, ...unit }, async () => {
      const value = await work({ ...deps, db: tx });
      // A create under an Idempotency-Key: the key is marked in the same commit, so it is never carried out twice.
      if (idempotent) await markIdempotencyKeyCommitted(tx, idempotent);
      return value;
    }),
  );
  runAfterCommit(deps, unit.afterCommit);
  deliverHere(deps, unit.announced);
  if (unit.recorded.length > 0) await dispatchAfterCommit(deps, unit.recorded);
  return result;
}

/**
 * Runs `fn` on this instance once the current unit of work has committed (never if it rolls back). For state this
 * instance keeps in memory about what the change touched; other instances learn of the change by its events.
 */
export function onCommit(deps: AppDeps, fn: () => void): void {
  currentUnit(deps, 'onCommit').afterCommit.push(fn);
}

/**
 * Runs `fn` once what `deps.db` wrote is committed: after the commit inside a unit of work (transact, a listener),
 * at once on the base connection. In a transaction outside any unit of work (where the commit cannot be seen), never.
 */
export function whenCommitted(deps: Pick<AppDeps, 'db' | 'database'>, fn: () => void): void {
  const unit = unitOfWork.getStore();
  if (unit && unit.tx === deps.db) unit.afterCommit.push(fn);
  else if (deps.db === deps.database.db) fn();
}

function currentUnit(deps: AppDeps, caller: string): UnitOfWork {
  const unit = unitOfWork.getStore();
  if (!unit || unit.tx !== deps.db) throw new Error(`${caller}: only inside transact(), with the deps it passes.`);
  return unit;
}

function runAfterCommit(deps: AppDeps, work: (() => void)[]) {
  for (const fn of work) {
    try {
      fn();
    } catch (err) {
      deps.logger.error({ err }, 'events: after-commit work failed');
    }
  }
}

/** Records a domain event in the current unit of work (inside transact, with its deps). */
export async function emit<K extends DomainEventName>(deps: AppDeps, name: K, payload: DomainEventMap[K]): Promise<void> {
  await emitAll(deps, name, [payload]);
}

/**
 * Records events of one kind in the current unit of work, in one statement whatever their number (a
 * notification to every member of a large staff). The same statement fans them out: a NOTIFY that Postgres sends
 * at commit (and only then), so every instance's subscribers (the sockets) hear of the change as it commits. An
 * event with handlers is also dispatched right after the commit, and wakes every instance's dispatcher in case
 * this one dies first; one without handlers is stored as dispatched (there is nothing else to do).
 */
export async function emitAll<K extends DomainEventName>(deps: AppDeps, name: K, payloads: DomainEventMap[K][]): Promise<void> {
  if (payloads.length === 0) return;
  const unit = currentUnit(deps, `Domain event ${name}`);
  const handled = deps.events.handlersOf(name).length > 0;
  const json = JSON.stringify(payloads);
  const origin = deps.events.instanceId;
  const result = await deps.db.execute(sql`
    with recorded as (
      insert into ${domainEvents} (name, payload, dispatched_at)
      select ${name}, value, ${handled ? null : deps.now().toISOString()}::timestamptz
      from jsonb_array_elements(${json}::jsonb) with ordinality order by ordinality
      returning id, payload
    ), message as (
      select id,
        json_build_object('origin', ${origin}::text, 'name', ${name}::text, 'payload', payload)::text as inline,
        json_build_object('origin', ${origin}::text, 'name', ${name}::text, 'id', id)::text as by_id
      from recorded
    )
    select id,
      pg_notify(${EVENTS_CHANNEL}, case when octet_length(inline) <= ${MAX_INLINE_BYTES} then inline else by_id end),
      case when ${handled} then pg_notify(${OUTBOX_CHANNEL}, '') end
    from message`);
  if (handled) unit.recorded.push(...rowsOf<{ id: number | string }>(result).map((row) => Number(row.id)).sort((a, b) => a - b));
  // Subscribers here get what the others get: the payload as JSON (dates as strings).
  if (!deps.events.fannedOut) unit.announced.push(...(JSON.parse(json) as unknown[]).map((payload) => ({ name, payload })));
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** An instance outside the cluster fan-out (a CLI, a test without the event runtime) still tells its own subscribers. */
function deliverHere(deps: AppDeps, events: Announced[]) {
  if (deps.events.fannedOut) return;
  for (const event of events) deps.events.deliver(event.name, event.payload, deps.events.instanceId);
}

async function dispatchAfterCommit(deps: AppDeps, ids: number[]) {
  try {
    await dispatchEvents(deps, ids);
  } catch (err) {
    // Committed events stay in the outbox; the sweep dispatches them.
    deps.logger.error({ err }, 'events: dispatch after commit failed; the sweep will retry');
  }
}

type EventRow = typeof domainEvents.$inferSelect;

/**
 * Dispatches events: the given ones (waiting for another instance that holds them), or, without ids, every
 * due one (skipping what another instance is dispatching). An event's handlers run in the transaction that marks
 * it dispatched, so their writes happen exactly once; events they record are dispatched next. A failing event is
 * put back with backoff. Returns how many were dispatched.
 */
export async function dispatchEvents(deps: AppDeps, ids?: number[]): Promise<number> {
  let dispatched = 0;
  let pending = ids;
  for (;;) {
    const batch = await dispatchBatch(deps, pending);
    dispatched += batch.dispatched;
    if (pending) {
      // The events the handlers recorded are next (a notification after the message that caused it).
      if (batch.chained.length === 0) return dispatched;
      pending = batch.chained;
      continue;
    }
    if (batch.chained.length > 0) dispatched += await dispatchEvents(deps, batch.chained);
    if (batch.claimed < BATCH) return dispatched;
  }
}

interface BatchOutcome {
  claimed: number;
  dispatched: number;
  /** Events with handlers that the handlers recorded. */
  chained: number[];
  announced: Announced[];
  afterCommit: (() => void)[];
}

async function dispatchBatch(deps: AppDeps, ids: number[] | undefined): Promise<BatchOutcome> {
  const now = deps.now();
  let failedAlone: { row: EventRow; err: unknown } | undefined;
  const outcome = await deps.database.db
    .transaction(async (tx): Promise<BatchOutcome> => {
      const rows = await claim(tx, ids, now);
      const outcome: BatchOutcome = { claimed: rows.length, dispatched: 0, chained: [], announced: [], afterCommit: [] };
      for (const row of rows) {
        const handled: Omit<UnitOfWork, 'tx'> = { recorded: [], announced: [], afterCommit: [] };
        const run = (db: Db) => unitOfWork.run({ tx: db, ...handled }, () => runHandlers({ ...deps, db }, row));
        if (rows.length === 1) {
          // One event (the usual dispatch right after a commit): no savepoint; a failure undoes the transaction
          // and is recorded after it.
          try {
            await run(tx);
          } catch (err) {
            failedAlone = { row, err };
            throw err;
          }
        } else {
          try {
            await tx.transaction(run);
          } catch (err) {
            await putBack(deps, tx, row, err, now);
            continue;
          }
        }
        outcome.chained.push(...handled.recorded);
        outcome.announced.push(...handled.announced);
        outcome.afterCommit.push(...handled.afterCommit);
        outcome.dispatched += 1;
      }
      return outcome;
    })
    .catch(async (err: unknown): Promise<BatchOutcome> => {
      if (!failedAlone) throw err;
      await putBack(deps, deps.database.db, failedAlone.row, failedAlone.err, now, { unlessDispatched: true });
      return { claimed: 1, dispatched: 0, chained: [], announced: [], afterCommit: [] };
    });
  runAfterCommit(deps, outcome.afterCommit);
  deliverHere(deps, outcome.announced);
  return outcome;
}

/**
 * Claims events and marks them dispatched, in one statement (the marks are undone with the transaction if it
 * fails). With ids it waits for an instance that holds them; without, it takes up to BATCH due ones that nobody
 * holds. Answers them in the order they were recorded.
 */
async function claim(tx: Db, ids: number[] | undefined, now: Date): Promise<EventRow[]> {
  const pending = ids
    ? tx
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(and(inArray(domainEvents.id, ids), isNull(domainEvents.dispatchedAt)))
        .for('update')
    : tx
        .select({ id: domainEvents.id })
        .from(domainEvents)
        .where(and(isNull(domainEvents.dispatchedAt), lte(domainEvents.availableAt, now)))
        .orderBy(asc(domainEvents.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
  const rows = await tx
    .update(domainEvents)
    .set({ dispatchedAt: now, attempts: sql`${domainEvents.attempts} + 1`, lastError: null })
    .where(inArray(domainEvents.id, pending))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * A failed event goes back in the outbox, to be retried after a delay. `unlessDispatched`: it is no longer held
 * (its transaction was undone), so another instance may have dispatched it meanwhile.
 */
async function putBack(deps: AppDeps, db: Db, row: EventRow, err: unknown, now: Date, options: { unlessDispatched?: boolean } = {}) {
  deps.logger.error({ err, event: row.name, id: row.id, attempts: row.attempts }, 'events: a listener failed; retrying later');
  await db
    .update(domainEvents)
    .set({
      dispatchedAt: null,
      attempts: row.attempts,
      lastError: (err instanceof Error ? err.message : String(err)).slice(0, 2000),
      availableAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
    })
    .where(and(eq(domainEvents.id, row.id), options.unlessDispatched ? isNull(domainEvents.dispatchedAt) : undefined));
}

async function runHandlers(deps: AppDeps, row: EventRow) {
  const name = row.name as DomainEventName;
  for (const handler of deps.events.handlersOf(name)) await handler(row.payload as DomainEventMap[typeof name], deps);
}

/** The payload of an event that travelled by id. */
export async function loadEventPayload(db: Db, id: number): Promise<unknown> {
  const [row] = await db.select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.id, id)).limit(1);
  return row?.payload;
}
