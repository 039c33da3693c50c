import { defineConfig } from 'vitest/config';

/** One vitest run over every package that has tests. */
export default defineConfig({
  test: {
    projects: ['apps/api', 'apps/web', 'scripts/vitest.config.mjs'],
  },
});
