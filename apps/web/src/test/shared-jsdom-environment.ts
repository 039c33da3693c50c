import type { Environment } from 'vitest/environments';
import { builtinEnvironments } from 'vitest/environments';

/**
 * vitest's jsdom environment, made once per worker instead of once per test file. With `isolate: false` (the web
 * project of vitest.config.ts) a worker keeps its imported modules from file to file: React, the contract and the mock
 * API load once, and Testing Library's `screen`, bound to `document.body` when it is imported, needs that body to stay
 * the same one. Between files the page is emptied and its storage, address and title reset, so a file starts as on a
 * fresh jsdom; each test's own cleanup (src/test/setup.ts) still runs after every test.
 */
const SHARED = Symbol.for('agency.sharedJsdom');
const START_URL = 'http://localhost:3000/';

type TGlobalWithShared = typeof globalThis & { [SHARED]?: true };

function resetPage(): void {
  document.body.replaceChildren();
  document.head.replaceChildren();
  document.title = '';
  document.documentElement.removeAttribute('class');
  document.documentElement.removeAttribute('style');
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', START_URL);
}

const sharedJsdom: Environment = {
  name: 'shared-jsdom',
  transformMode: 'web',
  async setup(global, options) {
    const shared = global as TGlobalWithShared;
    if (!shared[SHARED]) {
      // The first file of this worker: jsdom as vitest makes it. Its teardown is never run: the page lives as long as
      // the worker, which ends with the run.
      await builtinEnvironments.jsdom.setup(global, options);
      shared[SHARED] = true;
    }
    return { teardown: () => resetPage() };
  },
};

export default sharedJsdom;
