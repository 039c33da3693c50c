import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live, behind one interface with two drivers (chosen in select.ts):
 *  - local/: files under DATA_DIR/uploads (the default; several instances need that folder shared),
 *  - s3/:    an S3-compatible bucket (AWS S3, MinIO, R2, …), selected when S3_BUCKET is set.
 *
 * An upload always arrives first in a local incoming folder (incoming.ts: multer streams it there, never into
 * memory); `put` takes it over from there. A stored file is named by a random UUID chosen by the driver, never by
 * the user's file name, so no name can reach a path or a key. Downloads are streamed by the API's authorised
 * route (`open`); the bucket is never exposed to browsers.
 */

/** What a stored name looks like; anything else is refused before a path or key is built from it. */
export const STORED_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertStoredName(storedName: string): string {
  if (!STORED_NAME.test(storedName)) throw new Error('Invalid stored file name');
  return storedName;
}

export interface StoredFile {
  storedName: string;
  size: number;
  /** Hex SHA-256 of the bytes, computed while they were read from the incoming file. */
  sha256: string;
}

export interface OpenedFile {
  stream: Readable;
  size: number;
}

export interface PutOptions {
  /** The content type the upload was detected as (kept with the object where the driver can). */
  contentType?: string;
}

export type FileStorageKind = 'local' | 's3';

export interface FileStorage {
  readonly kind: FileStorageKind;
  /**
   * Takes over a file that arrived in the incoming folder (incoming.ts): hashed while read from disk (never held
   * in memory) and stored under a fresh random name. The incoming file is gone afterwards, whatever the outcome.
   */
  put(incomingPath: string, options?: PutOptions): Promise<StoredFile>;
  /** Opens a stored file for streaming; undefined when its bytes are missing. Other failures throw. */
  open(storedName: string): Promise<OpenedFile | undefined>;
  /** Removes stored bytes; a missing file is fine. */
  remove(storedName: string): Promise<void>;
  /** Whether the store answers (start-up log, health checks); never throws. */
  check(): Promise<{ ok: true } | { ok: false; reason: string }>;
}

/**
 * Thrown when the store cannot be reached or refuses a call (the API answers 503, not 500). It carries the store's
 * answer in its message only, not the SDK's error object (whose response and socket would flood a log line).
 */
export class StorageUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorageUnavailableError';
  }
}
