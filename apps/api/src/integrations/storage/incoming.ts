import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';

/**
 * The local folder where uploads are written while they arrive (multer's disk storage), whatever the driver:
 * DATA_DIR/uploads/.incoming, inside uploads/ so that the local driver takes one over by a rename on the same file
 * system. A file there is either taken over by the storage's put() or removed.
 */

export function uploadsDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'uploads');
}

export function incomingDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.join(uploadsDir(config), '.incoming');
}

/** Creates the incoming folder (and uploads/) when missing; only the server's user may read them. */
export async function ensureIncomingDir(config: Pick<AppConfig, 'DATA_DIR'>): Promise<string> {
  const dir = incomingDir(config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** The absolute path of an incoming upload; refuses anything outside the incoming folder. */
export function incomingFile(config: Pick<AppConfig, 'DATA_DIR'>, incomingPath: string): string {
  const file = path.resolve(incomingPath);
  if (path.dirname(file) !== incomingDir(config)) throw new Error('Not an incoming upload');
  return file;
}

/**
 * Removes files left in the incoming folder by a process that stopped mid-upload (called at start-up). Only ones
 * older than `olderThanMs`, since another instance sharing DATA_DIR may be receiving one right now. Answers how many.
 */
export async function removeStaleIncoming(config: Pick<AppConfig, 'DATA_DIR'>, olderThanMs: number, now = Date.now()): Promise<number> {
  const dir = incomingDir(config);
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info?.isFile() && now - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}

/** Size and hex SHA-256 of a file on disk, read as a stream (never held in memory). */
export async function measureFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}
