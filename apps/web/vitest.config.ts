import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Component and hook tests (`*.test.tsx`): rendered in jsdom, every request answered by the contract's mock API
 * (src/test/setup.ts). Logic without a DOM (`*.test.ts`) is the web:logic project of the root vitest.config.ts.
 *
 * A worker keeps one jsdom and its imported modules from file to file (src/test/shared-jsdom-environment.ts): React,
 * the contract and the mock API load once per worker instead of once per file, most of a file's cost. A file that
 * replaces a module with `vi.mock` needs a module graph of its own: it is named `*.isolated.test.tsx` (the lint
 * requires it) and runs in the web:isolated project, one fresh jsdom and module graph per file.
 */
export const ISOLATED_COMPONENT_TESTS = 'src/**/*.isolated.test.tsx';

export function componentTestConfig(isolated: boolean) {
  return defineConfig({
    plugins: [react()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    test: {
      name: isolated ? 'web:isolated' : 'web',
      root: fileURLToPath(new URL('.', import.meta.url)),
      environment: isolated ? 'jsdom' : './src/test/shared-jsdom-environment.ts',
      isolate: isolated,
      globals: true,
      setupFiles: ['./src/test/setup.ts'],
      include: isolated ? [ISOLATED_COMPONENT_TESTS] : ['src/**/*.test.tsx'],
      exclude: [...configDefaults.exclude, ...(isolated ? [] : [ISOLATED_COMPONENT_TESTS])],
      css: false,
    },
  });
}

export default componentTestConfig(false);
