import { defineConfig } from 'vitest/config';

/** Tests of the repository's own scripts (audit verdicts, …): plain Node, no app. */
export default defineConfig({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['**/*.test.mjs'],
    isolate: true,
  },
});
