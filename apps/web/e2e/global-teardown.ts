import { rm } from 'node:fs/promises';

/** Removes the run's embedded database and uploads (see playwright.config.ts). */
export default async function globalTeardown() {
  const dir = process.env.E2E_DATA_DIR;
  if (dir) await rm(dir, { recursive: true, force: true });
}
