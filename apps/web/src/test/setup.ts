import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dismissAllToasts } from '@/components/ui/toast';
import { assertNoContractViolations, onUnhandledRequest, resetMockApi, server } from './mock-api';

// findBy…/waitFor wait up to 3 s: a lazily loaded screen on a busy 2-core machine can take longer than 1 s.
configure({ asyncUtilTimeout: 3000 });

// Every request of a component or hook test goes to the mock API built from the contract (mock-api.ts).
beforeAll(() => server.listen({ onUnhandledRequest }));

afterEach(() => {
  cleanup();
  dismissAllToasts();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  resetMockApi();
  assertNoContractViolations();
});

afterAll(() => server.close());
