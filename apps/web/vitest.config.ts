import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  // Components and hooks (`*.test.tsx`): rendered in jsdom, every request answered by the contract's mock API
  // (src/test/setup.ts). Logic without a DOM (`*.test.ts`) is the web:logic project of the root vitest.config.ts.
  test: {
    name: 'web',
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.tsx'],
    css: false,
  },
});
