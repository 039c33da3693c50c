import { AsyncLocalStorage } from 'node:async_hooks';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { idempotencyScope, markIdempotencyKeyCommitted } from '../db/idempotency';
import { domainEvents } from '../db/schema';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import type { DomainEventMap, DomainEventName } from './catalog';

/** Channel on which dispatched events fan out to every instance (sent at commit of the dispatch). */
export const EVENTS_CHANNEL = 'agency_events';
/** Channel that wakes the dispatchers when events were committed (sent at commit of the change). */
export const OUTBOX_CHANNEL = 'agency_outbox';
/** Postgres refuses NOTIFY payloads of 8000 bytes or more; larger events travel by id. */
const MAX_INLINE_BYTES = 7800;
const BATCH = 50;
/** A failed dispatch is retried after 1 s, 2 s, 4 s … up to 5 minutes. */
const retryDelayMs = (attempts: number) => Math.min(300_000, 1000 * 2 ** Math.max(0, attempts - 1));

/** One unit of work: the transaction events are recorded in, and the ids to dispatch after its commit. */
interface UnitOfWork {
  tx: Db;
  recorded: number[];
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
    return deps.db.transaction((tx) => unitOfWork.run({ tx, recorded: outer.recorded }, () => work({ ...deps, db: tx })));
  }
  const recorded: number[] = [];
  const idempotent = idempotencyScope.getStore();
  const result = await deps.database.db.transaction((tx) =>
    unitOfWork.run({ tx, recorded }, async () => {
      const value = await work({ ...deps, db: tx });
      // A create under an Idempotency-Key: the key is marked in the same commit, so it is never carried out twice.
      if (idempotent) await markIdempotencyKeyCommitted(tx, idempotent);
      return value;
    }),
  );
  if (recorded.length > 0) await dispatchAfterCommit(deps, recorded);
  return result;
}

/** Records a domain event in the current unit of work (inside transact, with its deps). */
export async function emit<K extends DomainEventName>(deps: AppDeps, name: K, payload: DomainEventMap[K]): Promise<void> {
  const unit = unitOfWork.getStore();
  if (!unit || unit.tx !== deps.db) {
    throw new Error(`Domain event ${name} must be recorded inside transact(), with the deps it passes.`);
  }
  const [row] = await deps.db.insert(domainEvents).values({ name, payload }).returning({ id: domainEvents.id });
  unit.recorded.push(row!.id);
  // Wakes every instance's dispatcher at commit (a crash right after commit still gets the event dispatched).
  await deps.db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}

/**
 * Records many events of one kind in the current unit of work at once: one insert and one wake-up, where
 * `emit` in a loop costs two statements per event (a notification to every member of a large staff).
 */
export async function emitAll<K extends DomainEventName>(deps: AppDeps, name: K, payloads: DomainEventMap[K][]): Promise<void> {
  if (payloads.length === 0) return;
  const unit = unitOfWork.getStore();
  if (!unit || unit.tx !== deps.db) {
    throw new Error(`Domain event ${name} must be recorded inside transact(), with the deps it passes.`);
  }
  const rows = await deps.db
    .insert(domainEvents)
    .values(payloads.map((payload) => ({ name, payload })))
    .returning({ id: domainEvents.id });
  unit.recorded.push(...rows.map((row) => row.id).sort((a, b) => a - b));
  await deps.db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
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
 * due one (skipping what another instance is dispatching). Each event's handlers run in a savepoint of one
 * transaction with the event marked dispatched, so a handler's writes happen exactly once; events they record
 * are dispatched next. A failing event is put back with backoff. Returns how many were dispatched.
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

async function dispatchBatch(deps: AppDeps, ids: number[] | undefined) {
  const now = deps.now();
  const done: EventRow[] = [];
  const result = await deps.database.db.transaction(async (tx) => {
    const rows: EventRow[] = ids
      ? await tx
          .select()
          .from(domainEvents)
          .where(and(inArray(domainEvents.id, ids), isNull(domainEvents.dispatchedAt)))
          .orderBy(asc(domainEvents.id))
          .for('update')
      : await tx
          .select()
          .from(domainEvents)
          .where(and(isNull(domainEvents.dispatchedAt), lte(domainEvents.availableAt, now)))
          .orderBy(asc(domainEvents.id))
          .limit(BATCH)
          .for('update', { skipLocked: true });
    const chained: number[] = [];
    let dispatched = 0;
    // Events no listener handles (a notification for each of many people) are marked and fanned out together:
    // one update and one NOTIFY statement for a run of them, not a savepoint and three statements each.
    let plain: EventRow[] = [];
    const flushPlain = async () => {
      if (plain.length === 0) return;
      await tx
        .update(domainEvents)
        .set({ dispatchedAt: now, attempts: sql`${domainEvents.attempts} + 1`, lastError: null })
        .where(inArray(domainEvents.id, plain.map((row) => row.id)));
      await fanOutAll(deps, tx, plain);
      done.push(...plain);
      dispatched += plain.length;
      plain = [];
    };
    for (const row of rows) {
      if (deps.events.handlersOf(row.name as DomainEventName).length === 0) {
        plain.push(row);
        continue;
      }
      await flushPlain();
      try {
        await tx.transaction((sp) => {
          const unit: UnitOfWork = { tx: sp, recorded: [] };
          return unitOfWork.run(unit, async () => {
            await runHandlers({ ...deps, db: sp }, row);
            await sp
              .update(domainEvents)
              .set({ dispatchedAt: now, attempts: row.attempts + 1, lastError: null })
              .where(eq(domainEvents.id, row.id));
            await fanOut(deps, sp, row);
            chained.push(...unit.recorded);
          });
        });
        done.push(row);
        dispatched += 1;
      } catch (err) {
        const attempts = row.attempts + 1;
        deps.logger.error({ err, event: row.name, id: row.id, attempts }, 'events: a listener failed; retrying later');
        await tx
          .update(domainEvents)
          .set({
            attempts,
            lastError: (err instanceof Error ? err.message : String(err)).slice(0, 2000),
            availableAt: new Date(now.getTime() + retryDelayMs(attempts)),
          })
          .where(eq(domainEvents.id, row.id));
      }
    }
    await flushPlain();
    return { claimed: rows.length, dispatched, chained };
  });
  // An instance outside the cluster fan-out (a CLI, a test without the event runtime) still tells its own subscribers.
  if (!deps.events.fannedOut) for (const row of done) deps.events.deliver(row.name as DomainEventName, row.payload, deps.events.instanceId);
  return result;
}

async function runHandlers(deps: AppDeps, row: EventRow) {
  const name = row.name as DomainEventName;
  for (const handler of deps.events.handlersOf(name)) await handler(row.payload as DomainEventMap[typeof name], deps);
}

/** NOTIFY inside the dispatch transaction: every instance hears the event when (and only if) it commits. */
async function fanOut(deps: AppDeps, tx: Db, row: EventRow) {
  const message: FanOutMessage = { origin: deps.events.instanceId, name: row.name, payload: row.payload };
  let text = JSON.stringify(message);
  if (Buffer.byteLength(text) > MAX_INLINE_BYTES) text = JSON.stringify({ origin: message.origin, name: row.name, id: row.id });
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${text})`);
}

/** fanOut for several events in one statement (NOTIFYs of a transaction are delivered in the order sent). */
async function fanOutAll(deps: AppDeps, tx: Db, rows: EventRow[]) {
  const texts = rows.map((row) => {
    const text = JSON.stringify({ origin: deps.events.instanceId, name: row.name, payload: row.payload } satisfies FanOutMessage);
    return Buffer.byteLength(text) > MAX_INLINE_BYTES ? JSON.stringify({ origin: deps.events.instanceId, name: row.name, id: row.id }) : text;
  });
  await tx.execute(sql`select ${sql.join(texts.map((text) => sql`pg_notify(${EVENTS_CHANNEL}, ${text})`), sql`, `)}`);
}

/** The payload of an event that travelled by id. */
export async function loadEventPayload(db: Db, id: number): Promise<unknown> {
  const [row] = await db.select({ payload: domainEvents.payload }).from(domainEvents).where(eq(domainEvents.id, id)).limit(1);
  return row?.payload;
}
