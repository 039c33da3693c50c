import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import { pino } from 'pino';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TServerEvent as ServerEvent } from '@agency/contract';
import type { AppConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { emailOutbox } from '../../src/db/schema';
import { createDeps } from '../../src/deps';
import type { JobQueue } from '../../src/jobs/queue';
import { transact } from '../../src/events/outbox';
import { closeMailTransports } from '../../src/integrations/mail/mail';
import { issueInvoiceNumber } from '../../src/modules/agency';
import { queueMail } from '../../src/modules/mail';
import { createInvoiceViaApi, signUp, type Session } from '../support/factories';
import { connectWs, startLiveServer, type LiveServer } from '../support/live-server';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in';
import { startSmtpServer } from '../support/smtp';
import { openTestDatabase, testConfig, type TestContext } from '../support/test-app';

/**
 * Two API instances (each with its own connection pool, event runtime, job workers and WebSocket server, as two
 * processes would have) on one Postgres database, behind a round-robin proxy without stickiness. Whatever a user
 * does through the proxy must not depend on which instance answers.
 *
 * Real Postgres only: PGlite is one in-process database, so two "instances" on it would share everything that
 * is under test here (connections, LISTEN/NOTIFY, row locks between pools).
 */
const DATABASE_URL = process.env.DATABASE_URL;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c626001000000ffff03000006000557bfabd40000000049454e44ae426082',
  'hex',
);

interface Cluster {
  instances: LiveServer[];
  proxy: RoundRobinProxy;
  /** A test context whose requests go through the proxy (for the factories). */
  ctx: TestContext;
  close: () => Promise<void>;
}

interface ClusterOptions {
  /** Run the cron schedules on every instance, checked every second (as main.ts does, only faster). */
  schedule?: boolean;
  /** The clock of every instance (the cron slots follow it). */
  now?: () => Date;
  /** Jobs of the test's own, defined on each instance (index given) before its queue starts. */
  defineJobs?: (jobs: JobQueue, instance: number) => void;
}

/**
 * Starts `configs.length` instances on the database at `url` behind a round-robin proxy. Each has what main.ts
 * gives a process: its own pool, deps, job workers, event runtime and WebSocket server.
 */
async function startCluster(url: string, configs: AppConfig[], options: ClusterOptions = {}): Promise<Cluster> {
  const instances: LiveServer[] = [];
  const closers: (() => Promise<void>)[] = [];
  for (const [index, config] of configs.entries()) {
    const database = await openDatabase({ databaseUrl: url });
    const deps = createDeps({
      config,
      database,
      logger: pino({ level: 'silent' }),
      ...(options.now ? { now: options.now } : {}),
      jobs: {
        pollingIntervalSeconds: 0.5,
        retryLimit: 2,
        retryDelaySeconds: 1,
        schedule: options.schedule ?? false,
        ...(options.schedule ? { cronIntervalSeconds: 1 } : {}),
      },
    });
    options.defineJobs?.(deps.jobs, index);
    await deps.jobs.start(deps, { work: true });
    const live = await startLiveServer(deps);
    instances.push(live);
    closers.push(async () => {
      await live.close();
      await deps.jobs.stop();
      await database.close().catch(() => undefined);
    });
  }
  const proxy = await startRoundRobinProxy(instances.map((i) => i.url));
  const ctx: TestContext = {
    deps: instances[0]!.deps,
    app: undefined as never,
    request: () => supertest.agent(proxy.url),
    close: async () => undefined,
  };
  return {
    instances,
    proxy,
    ctx,
    close: async () => {
      await proxy.close();
      for (const close of closers) await close();
    },
  };
}

const downloadVia = (cluster: Cluster, session: Session, id: number) =>
  supertest(cluster.proxy.url)
    .get(`/api/files/${id}/download/`)
    .set(session.auth)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

/** Uploads through the proxy to instance `on`; answers the file's id. */
async function uploadVia(cluster: Cluster, session: Session, on: number, bytes: Buffer, name: string): Promise<number> {
  cluster.proxy.sendNextTo(on);
  const res = await supertest(cluster.proxy.url).post('/api/files/').set(session.auth).attach('file', bytes, name);
  expect(res.status).toBe(201);
  expect(res.headers['x-upstream']).toBe(String(on));
  return res.body.id as number;
}

describe.skipIf(!DATABASE_URL)('two API instances behind a round-robin proxy (real Postgres: skipped when DATABASE_URL is not set)', () => {
  let scratch: { url: string; drop: () => Promise<void> };
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let sharedDataDir: string;

  beforeAll(async () => {
    // A copy of the run's migrated template; each instance opens its own pool on it.
    const { database, url, drop } = await openTestDatabase('twoinst');
    await database.close();
    scratch = { url: url!, drop };
    smtp = await startSmtpServer();
    sharedDataDir = mkdtempSync(path.join(tmpdir(), 'two-instances-'));
  });
  afterAll(async () => {
    closeMailTransports();
    await smtp?.close();
    await scratch?.drop();
    if (sharedDataDir) rmSync(sharedDataDir, { recursive: true, force: true });
  });

  describe('sharing one data folder (local storage)', () => {
    let cluster: Cluster;
    let admin: Session;
    let client: Session;
    /** The instances' clock runs this far ahead of the wall clock (the cron test moves it to the next minute). */
    let clockOffsetMs = 0;
    /** Runs of the every-minute job: which instance ran it, at what time of the instances' clock. */
    const ticks: { instance: number; at: number }[] = [];

    beforeAll(async () => {
      // Each instance sends mail under its own From address, so the SMTP server can tell which one delivered it.
      cluster = await startCluster(
        scratch.url,
        [
          testConfig({ DATA_DIR: sharedDataDir, SMTP_URL: smtp.url, MAIL_FROM: 'Instance 0 <zero@agency.test>' }),
          testConfig({ DATA_DIR: sharedDataDir, SMTP_URL: smtp.url, MAIL_FROM: 'Instance 1 <one@agency.test>' }),
        ],
        {
          schedule: true,
          now: () => new Date(Date.now() + clockOffsetMs),
          defineJobs: (jobs, instance) =>
            jobs.define({
              name: 'test.every-minute',
              cron: '* * * * *',
              retryLimit: 0,
              retryDelaySeconds: 1,
              run: async (_data, deps) => {
                ticks.push({ instance, at: deps.now().getTime() });
              },
            }),
        },
      );
      admin = await signUp(cluster.ctx, { role: 'admin', name: 'Sam Staff' });
      client = await signUp(cluster.ctx, { company: 'Alpha' });
    });
    afterAll(async () => {
      await cluster?.close();
    });

    it('a token from a sign-in on one instance works on the other, and a sign-out on one ends it on both', async () => {
      const { proxy } = cluster;
      proxy.sendNextTo(0);
      const login = await supertest(proxy.url).post('/api/auth/login/').send({ email: client.user.email, password: client.password });
      expect(login.status).toBe(200);
      expect(login.headers['x-upstream']).toBe('0');
      const auth = { Authorization: `Token ${login.body.token}` };

      const me = await supertest(proxy.url).get('/api/auth/me/').set(auth);
      expect(me.headers['x-upstream']).toBe('1');
      expect(me.status).toBe(200);
      expect(me.body.email).toBe(client.user.email);

      proxy.sendNextTo(1);
      expect((await supertest(proxy.url).post('/api/auth/logout/').set(auth)).status).toBeLessThan(300);
      // Refused by both instances (within a few seconds, should an instance cache token lookups).
      await vi.waitFor(
        async () => {
          for (const instance of [0, 1]) {
            proxy.sendNextTo(instance);
            const res = await supertest(proxy.url).get('/api/auth/me/').set(auth);
            expect(res.headers['x-upstream']).toBe(String(instance));
            expect(res.status).toBe(401);
          }
        },
        { timeout: 5000, interval: 250 },
      );
    });

    it('a WebSocket connected through the proxy to instance 0 receives the message POSTed to instance 1', async () => {
      const { proxy } = cluster;
      const ticket = await supertest(proxy.url).post('/api/auth/ws-ticket/').set(client.auth);
      expect(ticket.status).toBe(201);
      proxy.sendNextTo(0);
      const socket = await connectWs(`${proxy.wsUrl}/api/ws?ticket=${ticket.body.ticket as string}`);
      try {
        expect(proxy.routes.at(-1)).toMatchObject({ kind: 'ws', path: '/api/ws', upstream: 0 });

        proxy.sendNextTo(1);
        const sent = await supertest(proxy.url)
          .post('/api/messages/send-to-client/')
          .set(admin.auth)
          .send({ client_id: client.user.client_id, content: 'Your report is ready' });
        expect(sent.status).toBe(201);
        expect(sent.headers['x-upstream']).toBe('1');

        const event = await socket.waitFor(
          (e): e is Extract<ServerEvent, { type: 'message.created' }> => e.type === 'message.created' && e.messageId === sent.body.id,
          5000,
        );
        expect(event.clientId).toBe(client.user.client_id);
        // once, not once per instance
        await new Promise((r) => setTimeout(r, 300));
        expect(socket.events.filter((e) => e.type === 'message.created' && e.messageId === sent.body.id)).toHaveLength(1);
      } finally {
        await socket.close();
      }
    });

    it('invoices created at once on both instances get consecutive numbers, none twice; a crashed invoice gives its number back', async () => {
      const clientId = client.user.client_id!;
      // Twelve at once through the proxy: the instances take turns.
      const created = await Promise.all(Array.from({ length: 12 }, () => createInvoiceViaApi(cluster.ctx, admin, clientId, { amount: 10 })));
      const numberOf = (invoiceNumber: string) => Number(/-(\d+)$/.exec(invoiceNumber)![1]);
      const numbers = created.map((i) => numberOf(i.invoice_number)).sort((a, b) => a - b);
      expect(new Set(numbers).size).toBe(12);
      expect(numbers.at(-1)! - numbers[0]! + 1).toBe(12);

      // An instance takes the next number and dies before its invoice is written: the transaction rolls back, and
      // the number is the next invoice's (no gap in the year's sequence).
      const dying = cluster.instances[1]!.deps;
      await expect(
        transact(dying, async (tx) => {
          await issueInvoiceNumber(tx, new Date());
          throw new Error('process killed');
        }),
      ).rejects.toThrow('process killed');
      const next = await createInvoiceViaApi(cluster.ctx, admin, clientId, { amount: 10 });
      expect(numberOf(next.invoice_number)).toBe(numbers.at(-1)! + 1);
    });

    it('each queued job runs exactly once across the two instances (e-mails, both instances working)', async () => {
      const [zero, one] = cluster.instances.map((i) => i.deps);
      const before = smtp.messages.length;
      const ids: number[] = [];
      for (let n = 0; n < 30; n++) {
        // queued half by each instance, inside a transaction as listeners do
        const deps = n % 2 === 0 ? zero! : one!;
        ids.push(await transact(deps, (tx) => queueMail(tx, { to: `reader${n}@example.test`, subject: `Job ${n}`, text: 'hello', kind: 'general' })));
      }
      const rows = await vi.waitFor(
        async () => {
          const found = await zero!.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
          expect(found.filter((r) => r.status === 'sent')).toHaveLength(ids.length);
          return found;
        },
        { timeout: 30_000, interval: 200 },
      );
      expect(rows.every((r) => r.attempts === 1)).toBe(true);
      // This test's mails (another test's, such as an invoice's, may still be arriving).
      const delivered = smtp.messages.slice(before).filter((m) => /Subject: Job \d+/.test(m.data));
      const subjects = delivered.map((m) => /Subject: (Job \d+)/.exec(m.data)?.[1]);
      expect(subjects.sort()).toEqual(Array.from({ length: 30 }, (_, n) => `Job ${n}`).sort());
      // both instances took jobs (their workers compete for the same queue)
      const senders = new Set(delivered.map((m) => m.from));
      expect([...senders].sort()).toEqual(['one@agency.test', 'zero@agency.test']);
    });

    it('a scheduled job runs once per slot across the two instances, though both check the schedule every second', async () => {
      const minute = (t: number) => Math.floor(t / 60_000);
      const enqueued = async () => {
        const res = await cluster.ctx.deps.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'test.every-minute'`);
        return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
      };
      for (let round = 0; round < 2; round++) {
        const before = await enqueued();
        // Move the instances' clock to a second into the next minute slot M (no waiting for the wall clock)...
        const now = Date.now() + clockOffsetMs;
        const m = minute(now) + 1;
        clockOffsetMs += m * 60_000 + 1000 - now;
        const inSlot = () => ticks.filter((t) => minute(t.at) === m);
        // ...where both instances check the schedule at the same moments, several times (besides their own timers).
        for (let check = 0; check < 4; check++) {
          await Promise.all(cluster.instances.map((i) => i.deps.jobs.runDueSchedules(i.deps)));
        }
        await vi.waitFor(() => expect(inSlot().length).toBeGreaterThan(0), { timeout: 10_000, interval: 50 });
        // no second run of the slot waits in the queue either: the slot enqueued one job
        expect(await enqueued()).toBe(before + 1);
        expect(inSlot()).toHaveLength(1);
      }
    });

    it('an instance that dies between claiming a slot and enqueuing its run leaves the slot to the other', async () => {
      const minute = (t: number) => Math.floor(t / 60_000);
      const now = Date.now() + clockOffsetMs;
      const m = minute(now) + 1;
      clockOffsetMs += m * 60_000 + 1000 - now;
      const [dying, survivor] = cluster.instances as [LiveServer, LiveServer];
      // The claim and the enqueue share one transaction: a failure in between (here: the queue gone) undoes the claim.
      const send = vi.spyOn(dying.deps.jobs, 'send').mockRejectedValueOnce(new Error('process killed'));
      await expect(dying.deps.jobs.runDueSchedules(dying.deps)).rejects.toThrow('process killed');
      send.mockRestore();
      // The other instance's next check (this one, or its own timer's) starts the slot: it runs once.
      await survivor.deps.jobs.runDueSchedules(survivor.deps);
      await vi.waitFor(() => expect(ticks.filter((t) => minute(t.at) === m)).toHaveLength(1), { timeout: 10_000, interval: 50 });
      await Promise.all(cluster.instances.map((i) => i.deps.jobs.runDueSchedules(i.deps)));
      expect(ticks.filter((t) => minute(t.at) === m)).toHaveLength(1);
    });

    it('a file uploaded through one instance downloads through the other (shared folder)', async () => {
      const id = await uploadVia(cluster, client, 0, PNG, 'logo.png');
      cluster.proxy.sendNextTo(1);
      const res = await downloadVia(cluster, client, id);
      expect(res.headers['x-upstream']).toBe('1');
      expect(res.status).toBe(200);
      expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
      // and the other client still cannot, on either instance
      const other = await signUp(cluster.ctx, { company: 'Beta' });
      for (const instance of [0, 1]) {
        cluster.proxy.sendNextTo(instance);
        expect((await downloadVia(cluster, other, id)).status).toBe(404);
      }
    });
  });

  describe('each with its own data folder, sharing an S3 bucket', () => {
    let cluster: Cluster;
    let s3: S3StandIn;
    const dataDirs: string[] = [];

    beforeAll(async () => {
      s3 = await startS3StandIn();
      for (let i = 0; i < 2; i++) dataDirs.push(mkdtempSync(path.join(tmpdir(), `two-instances-s3-${i}-`)));
      cluster = await startCluster(
        scratch.url,
        dataDirs.map((DATA_DIR) => testConfig({ DATA_DIR, ...s3.env() })),
      );
    });
    afterAll(async () => {
      await cluster?.close();
      await s3?.close();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    });

    it('a file uploaded through one instance downloads through the other (the bucket, not a shared disk)', async () => {
      expect(cluster.instances.map((i) => i.deps.storage.kind)).toEqual(['s3', 's3']);
      const client = await signUp(cluster.ctx, { company: 'Gamma' });
      const bytes = Buffer.from('Brief for the spring campaign\n');
      const id = await uploadVia(cluster, client, 1, bytes, 'brief.txt');
      expect(s3.objects.size).toBe(1);
      cluster.proxy.sendNextTo(0);
      const res = await downloadVia(cluster, client, id);
      expect(res.headers['x-upstream']).toBe('0');
      expect(res.status).toBe(200);
      expect((res.body as Buffer).toString()).toBe('Brief for the spring campaign\n');
    });
  });
});
