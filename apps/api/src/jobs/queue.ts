import type PgBoss from 'pg-boss';
import cronParser from 'cron-parser';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobScheduleSlots } from '../db/schema';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import { whenCommitted } from '../events/outbox';

/**
 * The job queue: pg-boss on the app's own database (Postgres, or the embedded PGlite through pg-boss's `db`
 * adapter option), so jobs need no other service. Jobs are fetched with SKIP LOCKED (one instance runs each),
 * retried with exponential backoff, and scheduled jobs are created once per slot for the whole cluster: each slot
 * is claimed by a row in `job_schedule_slots` (see runDueSchedules), on the app's clock (deps.now), so tests move
 * the clock instead of waiting for a wall-clock minute.
 */

/** A slot is started only this soon after its time: an instance that starts later does not run an old slot. */
const SLOT_GRACE_MS = 60_000;
/** How often each instance checks the schedules by default. */
const DEFAULT_SCHEDULE_CHECK_SECONDS = 30;

/** The latest time `cron` (UTC) names at or before `now`. */
export function latestSlot(cron: string, now: Date): Date {
  // prev() is strictly before its start: start a millisecond later so a slot's own instant counts.
  return cronParser.parseExpression(cron, { currentDate: new Date(now.getTime() + 1), tz: 'UTC' }).prev().toDate();
}

export interface JobMeta {
  id: string;
  /** How many times this job failed before this run. */
  retryCount: number;
  retryLimit: number;
}

export interface JobDefinition<T extends object> {
  name: string;
  run: (data: T, deps: AppDeps, meta: JobMeta) => Promise<void>;
  retryLimit: number;
  /** Seconds before the first retry; doubled at each next one. */
  retryDelaySeconds: number;
  /** Cron expression (UTC) for a scheduled job. */
  cron?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Row = any;
interface Executor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * pg-boss passes JSON objects as parameters of ::jsonb casts (both drivers take them as JSON text) and leaves
 * unset options undefined (SQL NULL; Drizzle would drop an undefined parameter).
 */
function asParam(v: unknown): unknown {
  if (v === undefined) return null;
  return v !== null && typeof v === 'object' && !(v instanceof Date) && !Array.isArray(v) ? JSON.stringify(v) : v;
}

/** A statement with $1..$n placeholders as a Drizzle query (to run it inside a Drizzle transaction). */
function toSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  const placeholder = /\$(\d+)/g;
  let last = 0;
  for (let m = placeholder.exec(text); m; m = placeholder.exec(text)) {
    chunks.push(sql.raw(text.slice(last, m.index)));
    chunks.push(sql`${asParam(values[Number(m[1]) - 1])}`);
    last = placeholder.lastIndex;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

/** Statements inside a Drizzle transaction (so a job is enqueued only if the change commits). */
function transactionExecutor(tx: Db): Executor {
  return {
    async executeSql(text, values = []) {
      const result = (await tx.execute(toSql(text, values))) as unknown as { rows: Row[] };
      return { rows: result.rows };
    },
  };
}

/** pg-boss's own statements (polling, maintenance, its schema), on the base connection. */
function databaseExecutor(database: Database): Executor {
  if (database.raw.kind === 'postgres') {
    const pool = database.raw.pool;
    return { executeSql: (text, values) => pool.query(text, values?.map(asParam)) };
  }
  const client = database.raw.client;
  return {
    async executeSql(text, values) {
      // PGlite runs several statements (pg-boss's schema, its locked maintenance blocks) only without parameters.
      if (!values || values.length === 0) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query<Row>(text, values.map(asParam));
      return { rows: result.rows };
    },
  };
}

export interface JobQueueOptions {
  /** Seconds between polls of a worker (pg-boss's minimum is 0.5). */
  pollingIntervalSeconds?: number;
  /** Run cron schedules and maintenance on this instance (off in most tests). */
  schedule?: boolean;
  /** Override every job's retry count and first retry delay (tests). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How often this instance checks the cron schedules (default 30 s). */
  cronIntervalSeconds?: number;
}

export class JobQueue {
  private boss: PgBoss | undefined;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private started = false;
  private starting: Promise<void> | undefined;
  private scheduleTimer: NodeJS.Timeout | undefined;
  /** This instance's pg-boss worker of each job. */
  private readonly workers = new Map<string, string>();

  constructor(
    private readonly database: Database,
    private readonly options: JobQueueOptions = {},
  ) {}

  define<T extends object>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
  }

  /**
   * Creates pg-boss's schema and the queues; with `work`, this instance also runs jobs (and schedules). The server
   * starts listening while this runs (it is not needed for a first page); a `send` meanwhile waits for it.
   */
  start(deps: AppDeps, options: { work: boolean }): Promise<void> {
    if (!this.starting) {
      this.starting = this.startBoss(deps, options);
      // A failed start can be tried again (and a waiting `send` sees the failure, not a hang).
      this.starting.catch(() => (this.starting = undefined));
    }
    return this.starting;
  }

  private async startBoss(deps: AppDeps, { work }: { work: boolean }): Promise<void> {
    if (this.started) return;
    const schedule = work && (this.options.schedule ?? true);
    // Loaded here, after the server listens, rather than with the rest of the code: it is not needed for a first page.
    const { default: PgBossQueue } = await import('pg-boss');
    const boss = new PgBossQueue({
      db: databaseExecutor(this.database) as PgBoss.Db,
      schema: 'pgboss',
      supervise: schedule,
      // Cron slots are ours (runDueSchedules), on the app's clock; pg-boss's timekeeper reads the wall clock.
      schedule: false,
      migrate: true,
    });
    boss.on('error', (err: unknown) => deps.logger.error({ err }, 'jobs: queue error'));
    await boss.start();
    this.boss = boss;
    this.started = true;
    for (const def of this.definitions.values()) {
      await boss.createQueue(def.name, {
        name: def.name,
        retryLimit: this.options.retryLimit ?? def.retryLimit,
        retryDelay: this.options.retryDelaySeconds ?? def.retryDelaySeconds,
        retryBackoff: true,
      });
      if (!work) continue;
      const workerId = await boss.work<object>(
        def.name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, includeMetadata: true, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          const meta: JobMeta = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
          try {
            await def.run(job.data, deps, meta);
          } finally {
            // pg-boss fetches once per polling interval, even with a backlog: a job done, the worker looks again at
            // once, so a burst (a mail to every client) is worked off one after another, not one every 2 s.
            this.wake(def.name);
          }
        },
      );
      this.workers.set(def.name, workerId);
    }
    if (schedule && [...this.definitions.values()].some((d) => d.cron)) {
      const check = () =>
        void this.runDueSchedules(deps).catch((err: unknown) => deps.logger.error({ err }, 'jobs: schedule check failed'));
      setImmediate(check);
      this.scheduleTimer = setInterval(check, (this.options.cronIntervalSeconds ?? DEFAULT_SCHEDULE_CHECK_SECONDS) * 1000);
      this.scheduleTimer.unref();
    }
  }

  /**
   * Enqueues the current slot of every scheduled job that no instance has started yet, and answers their names.
   * Every instance calls it on its timer; the insert into `job_schedule_slots` decides which one starts a slot, and
   * the job is enqueued in the same transaction, so a slot is started exactly once even when an instance dies midway.
   */
  async runDueSchedules(deps: AppDeps): Promise<string[]> {
    const now = deps.now();
    const started: string[] = [];
    for (const def of this.definitions.values()) {
      if (!def.cron) continue;
      const slot = latestSlot(def.cron, now);
      if (now.getTime() - slot.getTime() >= SLOT_GRACE_MS) continue;
      const claimed = await deps.database.db.transaction(async (tx) => {
        const won = await tx
          .insert(jobScheduleSlots)
          .values({ job: def.name, slot, claimedAt: now })
          .onConflictDoNothing()
          .returning({ job: jobScheduleSlots.job });
        if (won.length > 0) await this.send({ db: tx }, def.name, {});
        return won.length > 0;
      });
      if (claimed) started.push(def.name);
    }
    return started;
  }

  /**
   * Enqueues a job on `deps.db`: inside a transaction it is part of it (rolled back with it), outside it
   * stands alone. `key` makes the job unique while it waits (the same mail is never queued twice).
   */
  async send<T extends object>(deps: Pick<AppDeps, 'db'>, name: string, data: T, key?: string): Promise<void> {
    if (!this.boss && this.starting) await this.starting;
    const boss = this.boss;
    if (!boss) throw new Error('The job queue is not started.');
    if (!this.definitions.has(name)) throw new Error(`Unknown job ${name}`);
    const db = transactionExecutor(deps.db) as PgBoss.Db;
    await boss.send(name, data, { db, ...(key ? { singletonKey: key } : {}) });
    // A worker of this instance starts it once it is committed, not at its next poll (another instance's at its own).
    whenCommitted({ db: deps.db, database: this.database }, () => this.wake(name));
  }

  /** This instance's worker of the job, if it runs one, fetches now instead of at its next poll. */
  private wake(name: string): void {
    const workerId = this.workers.get(name);
    if (workerId) this.boss?.notifyWorker(workerId);
  }

  async stop(): Promise<void> {
    clearInterval(this.scheduleTimer);
    this.scheduleTimer = undefined;
    await this.starting?.catch(() => undefined);
    this.starting = undefined;
    if (!this.boss) return;
    const boss = this.boss;
    this.boss = undefined;
    this.started = false;
    this.workers.clear();
    await boss.stop({ graceful: true, close: false, wait: true, timeout: 5000 });
  }
}
