import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from '../test-app';
import { seedWorld, type World } from './world';

/**
 * For a test file on the world (kept apart from world.ts, which the fuzzer's command line loads outside vitest):
 * before the file's tests, a test app on a data folder of its own (named after `name`) with the world seeded, handed
 * to `seeded`; after them, the app closed and the folder removed.
 */
export function useSeededWorld(name: string, seeded: (made: { ctx: TestContext; world: World }) => void): void {
  let dataDir: string | undefined;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
    ctx = await createTestContext({ DATA_DIR: dataDir });
    seeded({ ctx, world: await seedWorld(ctx) });
  }, 180_000);
  afterAll(async () => {
    await ctx?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
}
