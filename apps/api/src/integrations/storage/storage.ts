import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { chmod, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../../config';

/**
 * Uploaded bytes on disk, under DATA_DIR/uploads. A stored file is named by a random UUID chosen here;
 * the user's file name never becomes part of a path, so path traversal through a name is impossible.
 */

/** What a stored name looks like; anything else is refused before a path is built from it. */
const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function uploadsDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.resolve(config.DATA_DIR, 'uploads');
}

function storedPath(config: Pick<AppConfig, 'DATA_DIR'>, storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error('Invalid stored file name');
  return path.join(uploadsDir(config), storedName);
}

export interface StoredFile {
  storedName: string;
  size: number;
  sha256: string;
}

/**
 * Where uploads are written while they arrive (multer's disk storage), inside uploads/ so that taking one over is a
 * rename on the same file system. A file there is either taken over by adoptUpload or removed.
 */
export function incomingDir(config: Pick<AppConfig, 'DATA_DIR'>): string {
  return path.join(uploadsDir(config), '.incoming');
}

/** Creates the incoming folder (and uploads/) when missing; only the server's user may read them. */
export async function ensureIncomingDir(config: Pick<AppConfig, 'DATA_DIR'>): Promise<string> {
  const dir = incomingDir(config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return dir;
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

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Takes over a file that arrived in the incoming folder: hashed while read from disk (never held in memory) and
 * moved under a fresh random name. The incoming file is gone afterwards.
 */
export async function adoptUpload(config: Pick<AppConfig, 'DATA_DIR'>, incomingPath: string): Promise<StoredFile> {
  const from = path.resolve(incomingPath);
  if (path.dirname(from) !== incomingDir(config)) throw new Error('Not an incoming upload');
  const [info, sha256] = await Promise.all([stat(from), sha256Of(from)]);
  const storedName = randomUUID();
  const to = storedPath(config, storedName);
  await chmod(from, 0o600);
  await rename(from, to);
  return { storedName, size: info.size, sha256 };
}

/** Opens a stored file for streaming; undefined when its bytes are missing on disk. */
export async function openStored(
  config: Pick<AppConfig, 'DATA_DIR'>,
  storedName: string,
): Promise<{ stream: ReadStream; size: number } | undefined> {
  const file = storedPath(config, storedName);
  try {
    const info = await stat(file);
    if (!info.isFile()) return undefined;
    return { stream: createReadStream(file), size: info.size };
  } catch {
    return undefined;
  }
}

/** Removes stored bytes (used when recording the row fails); a missing file is fine. */
export async function removeStored(config: Pick<AppConfig, 'DATA_DIR'>, storedName: string): Promise<void> {
  await rm(storedPath(config, storedName), { force: true });
}
