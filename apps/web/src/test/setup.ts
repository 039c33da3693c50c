import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { dismissAllToasts } from '@/components/ui/toast';
import { putAgencyProfileInPage } from './agency-profile';
import { assertNoContractViolations, onUnhandledRequest, resetMockApi, server } from './mock-api';

// findBy…/waitFor wait up to 3 s: a lazily loaded screen on a busy 2-core machine can take longer than 1 s.
configure({ asyncUtilTimeout: 3000 });

// Every request of a component or hook test goes to the mock API built from the contract (mock-api.ts).
beforeAll(() => server.listen({ onUnhandledRequest }));

// Every page the server serves carries the agency's profile (lib/brand.ts): so does every test's document.
beforeEach(() => putAgencyProfileInPage());

afterEach(() => {
  cleanup();
  dismissAllToasts();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  resetMockApi();
  assertNoContractViolations();
});

afterAll(async () => {
  // A worker runs many files with one module cache (src/test/shared-jsdom-environment.ts): a lazy screen or chart whose
  // import is still loading when a file ends would leave that import pending for the next file (the file's channel to
  // vitest, which answers it, is closed), so every file waits for its imports to finish.
  await vi.dynamicImportSettled();
  server.close();
});
