import { defineConfig } from 'vitest/config';

/**
 * What every API tier shares. The tiers themselves (which files, which set-up) are the projects of the root
 * vitest.config.ts: api:unit (src/**, beside the code), api:int (HTTP on a real database), api:system (several
 * processes or instances, outages, crashes, fuzz sweeps, benchmark smoke runs).
 */
export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
