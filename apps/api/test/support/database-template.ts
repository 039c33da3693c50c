import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrateDatabase, openDatabase, type Database } from '../../src/db/client';
import { createTestDeps, testConfig } from './test-deps';

/**
 * One migrated database per test run, copied for each test file: migrations run once, not once per file.
 * On Postgres (DATABASE_URL set) the copy is `CREATE DATABASE … TEMPLATE`; on the embedded engine it is a dump of a
 * migrated in-memory PGlite that each file loads instead of running initdb and the migrations.
 *
 * Made by the integration and system tiers' globalSetup (test/support/global-setup.ts), which hands the template to
 * the test files through vitest's provide/inject; a file run outside vitest (the fuzz CLI) migrates its own.
 */
export type DatabaseTemplate = { kind: 'postgres'; name: string } | { kind: 'pglite'; dumpFile: string };

/** A server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function onServer<T>(url: string, work: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The template's contents: the app's migrations, then pg-boss's schema and one queue per job, as a first start of the
 * job queue leaves them. Every test instance starts a queue; on a copy that already has them, that start creates no
 * tables (pg-boss keeps a partition per queue), so each file does not repeat the same DDL.
 */
async function prepareTemplate(database: Database): Promise<void> {
  await migrateDatabase(database);
  const deps = await createTestDeps(testConfig(), database, false);
  await deps.jobs.stop();
}

/** Creates and migrates the run's template; answers it and how to remove it. */
export async function createDatabaseTemplate(databaseUrl: string | undefined): Promise<{ template: DatabaseTemplate; remove: () => Promise<void> }> {
  if (databaseUrl) {
    const name = `test_template_${Date.now()}_${randomBytes(3).toString('hex')}`;
    await onServer(databaseUrl, (c) => c.query(`create database "${name}"`));
    const database = await openDatabase({ databaseUrl: withDatabase(databaseUrl, name) });
    try {
      await prepareTemplate(database);
    } finally {
      // A template must have no open connection while it is copied.
      await database.close();
    }
    return {
      template: { kind: 'postgres', name },
      remove: () => onServer(databaseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined),
    };
  }
  const database = await openDatabase({});
  await prepareTemplate(database);
  if (database.raw.kind !== 'pglite') throw new Error('expected the embedded database');
  const dump = await database.raw.client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-test-template-'));
  const dumpFile = path.join(dir, 'pglite.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  return { template: { kind: 'pglite', dumpFile }, remove: async () => rmSync(dir, { recursive: true, force: true }) };
}

/** A fresh database made from the template: on Postgres a new database on the same server, else an in-memory PGlite. */
export async function openFromTemplate(
  template: DatabaseTemplate,
  databaseUrl: string | undefined,
  prefix = 'test',
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  if (template.kind === 'pglite') {
    const database = await openDatabase({ pgliteDump: new Blob([readFileSync(template.dumpFile)]) });
    return { database, drop: () => database.close().catch(() => undefined) };
  }
  if (!databaseUrl) throw new Error('A Postgres template needs DATABASE_URL');
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await onServer(databaseUrl, (c) => c.query(`create database "${name}" template "${template.name}"`));
  const url = withDatabase(databaseUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  return {
    database,
    url,
    drop: async () => {
      await database.close().catch(() => undefined);
      await onServer(databaseUrl, (c) => c.query(`drop database if exists "${name}" with (force)`));
    },
  };
}
