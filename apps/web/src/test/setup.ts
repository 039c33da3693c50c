import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { assertNoContractViolations, onUnhandledRequest, resetMockApi, server } from './mock-api';

// Every request of a component or hook test goes to the mock API built from the contract (mock-api.ts).
beforeAll(() => server.listen({ onUnhandledRequest }));

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
  resetMockApi();
  assertNoContractViolations();
});

afterAll(() => server.close());
