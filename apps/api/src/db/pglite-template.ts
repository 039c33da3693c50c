import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from './client';

/**
 * A ready embedded database for a first start. An empty PGlite folder costs an `initdb` (most of a first start's
 * time: seconds of WASM work); the build (`node scripts/start.mjs`, `--build-only`) makes one migrated, cleanly
 * closed PGlite folder once, and a start on an empty DATA_DIR copies it (a few ms) instead. Migrations still run
 * at start (a no-op on a current template), the demo seed too (its dates follow the clock).
 *
 * The template is used only when its key matches: the same PGlite build and the same migrations; anything else
 * (no template, a stale one) falls back to initdb, so the template only ever saves time.
 */

const KEY_FILE = 'template.json';

/** apps/api/dist/pglite-template (next to the compiled server, made by the build). */
export function pgliteTemplateDir(): string {
  return path.join(path.dirname(MIGRATIONS_FOLDER), 'dist', 'pglite-template');
}

/** What the template must match: the PGlite package (its resolved location names its version) and the migrations. */
export function templateKey(): string {
  let pglite = 'unknown';
  try {
    pglite = import.meta.resolve('@electric-sql/pglite');
  } catch {
    // An unresolvable PGlite cannot open any database; the key only has to differ.
  }
  const journal = readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'));
  return createHash('sha256').update(pglite).update('\0').update(journal).digest('hex');
}

export function templateIsCurrent(dir = pgliteTemplateDir()): boolean {
  try {
    const saved = JSON.parse(readFileSync(path.join(dir, KEY_FILE), 'utf8')) as { key?: string };
    return saved.key === templateKey() && existsSync(path.join(dir, 'PG_VERSION'));
  } catch {
    return false;
  }
}

/** True when `dir` holds no database yet (missing or empty folder). */
export function isEmptyDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0;
}

/**
 * Fills an empty PGlite folder from the template; returns false (and leaves the folder alone) when there is no
 * current template or the folder already holds a database. Copied beside the target and renamed into place, so a
 * start that dies mid-copy leaves no half database behind.
 */
export function seedDataDirFromTemplate(pgliteDir: string, templateDir = pgliteTemplateDir()): boolean {
  if (!isEmptyDataDir(pgliteDir) || !templateIsCurrent(templateDir)) return false;
  const staging = `${pgliteDir}.template-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(path.dirname(pgliteDir), { recursive: true });
  cpSync(templateDir, staging, { recursive: true, filter: (src) => path.basename(src) !== KEY_FILE });
  rmSync(pgliteDir, { recursive: true, force: true });
  renameSync(staging, pgliteDir);
  return true;
}

/** Writes the key of a freshly built template (after its database was migrated and closed). */
export function markTemplate(dir: string): void {
  writeFileSync(path.join(dir, KEY_FILE), JSON.stringify({ key: templateKey(), created_at: new Date().toISOString() }));
}
