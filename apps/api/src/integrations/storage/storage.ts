import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
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

/** Writes the bytes under a fresh random name (the folder is created on first use). */
export async function saveUpload(config: Pick<AppConfig, 'DATA_DIR'>, bytes: Buffer): Promise<StoredFile> {
  await mkdir(uploadsDir(config), { recursive: true });
  const storedName = randomUUID();
  // 'wx': never overwrite an existing file, whatever happens.
  await writeFile(storedPath(config, storedName), bytes, { flag: 'wx', mode: 0o600 });
  return { storedName, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
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
