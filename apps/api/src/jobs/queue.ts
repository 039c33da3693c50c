import type PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';

/**
 * The job queue: pg-boss on the app's own database (Postgres, or the embedded PGlite through pg-boss's `db`
 * adapter option), so jobs need no other service. Jobs are fetched with SKIP LOCKED (one instance runs each),
 * retried with exponential backoff, and scheduled jobs are created once per slot for the whole cluster.
 */

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
  /**
   * How often pg-boss checks the cron schedules and turns due slots into jobs (default 30 s, and 5 s to pick those
   * up); tests lower it to see a scheduled slot run within seconds.
   */
  cronIntervalSeconds?: number;
}

export class JobQueue {
  private boss: PgBoss | undefined;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private started = false;
  private starting: Promise<void> | undefined;

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
      schedule,
      migrate: true,
      // pg-boss tests `'…' in config`: the keys are only given when set.
      ...(this.options.cronIntervalSeconds
        ? { cronMonitorIntervalSeconds: this.options.cronIntervalSeconds, cronWorkerIntervalSeconds: this.options.cronIntervalSeconds }
        : {}),
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
      await boss.work<object>(
        def.name,
        { pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2, includeMetadata: true, batchSize: 1 },
        async ([job]) => {
          if (!job) return;
          const meta: JobMeta = { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit };
          await def.run(job.data, deps, meta);
        },
      );
      if (def.cron && schedule) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
    }
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
  }

  async stop(): Promise<void> {
    await this.starting?.catch(() => undefined);
    this.starting = undefined;
    if (!this.boss) return;
    const boss = this.boss;
    this.boss = undefined;
    this.started = false;
    await boss.stop({ graceful: true, close: false, wait: true, timeout: 5000 });
  }
}
