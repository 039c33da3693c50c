import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { componentTestConfig } from './apps/web/vitest.config';

/**
 * Every test tier that vitest runs, one project each (ARCHITECTURE.md, "Tests"):
 * - unit: api:unit (apps/api/src/**, beside the code), web and web:isolated (components and hooks in jsdom), web:logic,
 *   scripts;
 * - integration: api:int (the API over HTTP on a real database, one migrated template copied per file);
 * - system: api:system (two instances, a Postgres outage, kill -9, the fuzz sweep, benchmark smoke runs).
 * `pnpm test:unit`, `test:int` and `test:system` run one tier; `pnpm test` runs them all (scripts/test-all.mjs).
 */
const API = './apps/api/vitest.config.ts';
/** The system tier's files: whole processes or clusters, slow by nature, run apart from the integration tier. */
const SYSTEM_TESTS = ['test/system/**/*.test.ts'];

export default defineConfig({
  test: {
    // vitest's default in a run is one worker fewer than the cores: one on this 2-core machine. The tests wait on the
    // database and on React rendering in turn, so two workers keep both cores busy.
    maxWorkers: 2,
    // Workers are kept from file to file; each project says whether its files share the worker's modules (isolate:
    // false) or get a fresh module graph each (true, vitest's usual).
    poolOptions: { forks: { isolate: false } },
    projects: [
      { extends: API, test: { name: 'api:unit', root: './apps/api', include: ['src/**/*.test.ts'], isolate: true } },
      {
        extends: API,
        test: {
          name: 'api:int',
          root: './apps/api',
          include: ['test/**/*.test.ts'],
          exclude: SYSTEM_TESTS,
          globalSetup: ['test/support/global-setup.ts'],
          // The files of a worker share the imported app (each still opens its own database): importing and
          // transforming the app once per worker instead of once per file halves the tier's CPU time (measured).
          isolate: false,
        },
      },
      {
        extends: API,
        test: {
          name: 'api:system',
          root: './apps/api',
          include: SYSTEM_TESTS,
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 120_000,
          isolate: true,
        },
      },
      'apps/web',
      componentTestConfig(true),
      {
        // The web's logic without a DOM (`*.test.ts`): plain Node, no jsdom and no mock API to set up per file, which is
        // most of a component test file's cost (apps/web/vitest.config.ts runs the `*.test.tsx` files).
        resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
        test: { name: 'web:logic', root: './apps/web', environment: 'node', include: ['src/**/*.test.ts'], isolate: true },
      },
      'scripts/vitest.config.mjs',
    ],
  },
});
