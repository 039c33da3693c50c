import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each integration file opens its own database; PGlite start-up and migrations take a moment.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
