import { rm } from 'node:fs/promises';
import { lockDirOf } from './env';

/** Removes the run's embedded database and uploads (see playwright.config.ts) and the fixtures' locks. */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return;
  await rm(dir, { recursive: true, force: true });
  await rm(lockDirOf(dir), { recursive: true, force: true });
}
