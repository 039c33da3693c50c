import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from '../support/test-app';
import { createFuzzer, type Fuzzer } from './runner';
import { seedFuzzWorld } from './world';

/**
 * A test file's fuzzer: the app (createTestContext) with the fuzz world seeded, made before the file's tests and
 * closed after them. Read `ctx` and `fuzzer` inside tests (they are set once beforeAll has run).
 */
export function useFuzzer(): { ctx: TestContext; fuzzer: Fuzzer } {
  const state = {} as { ctx: TestContext; fuzzer: Fuzzer };
  beforeAll(async () => {
    state.ctx = await createTestContext();
    state.fuzzer = createFuzzer(state.ctx, await seedFuzzWorld(state.ctx));
  }, 180_000);
  afterAll(async () => {
    await state.fuzzer?.close();
    await state.ctx?.close();
  });
  return state;
}
