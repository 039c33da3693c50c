import type { Readable } from 'node:stream';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, type TAttachment, type TFile, type TUploadFile } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { AppError } from '../../core/errors';
import { clientScope, isStaff, type UserActor } from '../../core/actor';
import { reachesClient } from '../../db/client-scope';
import { StorageUnavailableError } from '../../integrations/storage';
import { attachmentDisposition, detectUploadType, sanitizeFileName } from './file-check';
import * as q from './files.queries';
import { transact } from '../../events/outbox';
import { recordAudit } from '../audit';

export const UNSUPPORTED_TYPE =
  'Unsupported file type. Allowed: images (PNG, JPEG, GIF, WebP), videos (MP4, WebM, MOV), PDF, Word documents (DOC, DOCX) and plain text (TXT).';

export const fileUrl = (id: number) => `/api/files/${id}/download/`;


export function toFileDto(row: q.FileRow): TFile {
  return {
    id: row.id,
    name: row.originalName,
    file_type: row.fileType,
    size: row.sizeBytes,
    content_type: row.contentType,
    client: row.clientId,
    url: fileUrl(row.id),
    created_at: row.createdAt.toISOString(),
  };
}

export function toAttachmentDto(row: { id: number; name: string; size: number; contentType: string }): TAttachment {
  return { id: row.id, name: row.name, size: row.size, content_type: row.contentType, url: fileUrl(row.id) };
}

/** The part multer hands over: written to the incoming folder as it arrived (disk storage). */
export interface UploadedPart {
  originalname: string;
  /** The incoming file on disk; deps.storage.put takes it over, anything else leaves it to be removed. */
  path: string;
  size: number;
}

const MiB = 1024 * 1024;
const megabytes = (bytes: number) => (bytes / MiB).toFixed(1);

/** The answer when an upload would take its uploader past UPLOAD_QUOTA_MB. */
export const quotaExceeded = (quotaMb: number, usedBytes: number, fileBytes: number) =>
  new AppError(
    'quota_exceeded',
    `Your storage quota of ${quotaMb} MB is used up (${megabytes(usedBytes)} MB stored, this file is ${megabytes(fileBytes)} MB). ` +
      'No more files can be uploaded until space is freed.',
    { file: [`Storage quota of ${quotaMb} MB reached.`] },
  );

const fieldError = (field: string, detail: string, status: 'bad_request' | 'validation_error' = 'bad_request') =>
  new AppError(status, detail, { [field]: [detail] });

/** Which client an upload is filed under: a client user's own; for an admin the given one (live) or none. */
async function uploadClient(deps: AppDeps, actor: UserActor, requested: number | undefined): Promise<number | null> {
  if (!isStaff(actor)) {
    if (actor.clientId === null) throw new AppError('bad_request', 'Your account has no client record; please contact the agency.');
    return actor.clientId;
  }
  if (requested === undefined) return null;
  const client = await q.findClientForUpload(deps.db, requested);
  if (!client || !(await reachesClient(deps.db, clientScope(actor), client.id))) throw fieldError('client', 'Client not found.');
  if (client.archivedAt) throw fieldError('client', 'This client is archived; files cannot be added to it.');
  return client.id;
}

/**
 * POST /files/: checks size and type by content (read from the incoming file on disk), moves the file into
 * storage under a random name, and records the row if the uploader's files, this one included, fit in
 * UPLOAD_QUOTA_MB (summed in SQL, one upload of a user at a time). The caller removes the incoming file when this
 * fails before taking it over; a file taken over and then refused is removed here.
 */
export async function uploadFile(
  deps: AppDeps,
  actor: UserActor,
  { part, ...input }: Omit<TUploadFile, 'file'> & { part: UploadedPart | undefined },
): Promise<TFile> {
  if (!part) throw fieldError('file', 'No file was uploaded. Send it as the multipart field "file".', 'validation_error');
  if (part.size > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', FILE_TOO_LARGE, { file: [FILE_TOO_LARGE] });
  if (part.size === 0) throw fieldError('file', 'The file is empty.');
  const clientId = await uploadClient(deps, actor, input.client);

  const originalName = sanitizeFileName(part.originalname);
  const name = input.name ? sanitizeFileName(input.name, originalName) : originalName;
  const detected = await detectUploadType(part.path, [originalName, name]);
  if (!detected) throw fieldError('file', UNSUPPORTED_TYPE);
  if (input.file_type && input.file_type !== detected.fileType) {
    throw fieldError('file_type', `The file's content is ${detected.fileType}, not ${input.file_type}.`);
  }

  const quotaBytes = deps.config.UPLOAD_QUOTA_MB * MiB;
  const stored = await deps.storage.put(part.path, { contentType: detected.contentType }).catch((err: unknown) => {
    throw storageUnavailable(deps, err, { action: 'upload' });
  });
  try {
    const row = await transact(deps, async (txDeps) => {
      const tx = txDeps.db;
      const used = await q.lockAndSumStoredBytes(tx, actor.id);
      if (used + stored.size > quotaBytes) throw quotaExceeded(deps.config.UPLOAD_QUOTA_MB, used, stored.size);
      const file = await q.insertFile(tx, {
        ownerId: actor.id,
        clientId,
        originalName: name,
        storedName: stored.storedName,
        contentType: detected.contentType,
        fileType: detected.fileType,
        sizeBytes: stored.size,
        sha256: stored.sha256,
      });
      await recordAudit(txDeps, actor, {
        action: 'file.uploaded',
        object: { type: 'file', id: file.id, label: name, clientId },
        changes: { file_type: detected.fileType, size_bytes: stored.size },
      });
      return file;
    });
    return toFileDto(row);
  } catch (err) {
    await deps.storage.remove(stored.storedName).catch((removeErr: unknown) => {
      deps.logger.warn({ err: removeErr, storage: deps.storage.kind }, 'could not remove a refused upload from storage');
    });
    throw err;
  }
}

export interface Download {
  stream: Readable;
  headers: Record<string, string>;
}

/**
 * A storage failure (the bucket unreachable or refusing, a disk error such as a full disk) as a 503 the user can
 * retry; the cause is logged. Anything else (a bug) stays what it is: a 500.
 */
function storageUnavailable(deps: AppDeps, err: unknown, facts: Record<string, unknown>): unknown {
  const diskError = typeof (err as NodeJS.ErrnoException | undefined)?.code === 'string' && typeof (err as NodeJS.ErrnoException).syscall === 'string';
  if (!(err instanceof StorageUnavailableError) && !diskError) return err;
  deps.logger.error({ err, storage: deps.storage.kind, ...facts }, 'file storage failed');
  return new AppError('service_unavailable', 'File storage is unavailable right now. Please try again in a moment.', undefined, 30);
}

/**
 * GET /files/:id/download/: only for those allowed to see the file (others get 404), streamed from storage
 * (the local folder or the bucket) through this route; the store itself is never exposed.
 */
export async function openDownload(deps: AppDeps, actor: UserActor, id: number): Promise<Download> {
  return serveStored(deps, await q.findDownloadableFile(deps.db, id, actor), 'download', attachmentDisposition, 'private, no-store');
}

/**
 * A file shown in the page (a post's image or video, through the content module's signed address): the same bytes
 * as a download, but inline, and cacheable by this browser for a day. The caller has checked who may see it.
 */
export async function openInline(deps: AppDeps, id: number): Promise<Download> {
  return serveStored(deps, await q.findFileById(deps.db, id), 'display', () => 'inline', 'private, max-age=86400');
}

/** A stored file's bytes and headers (never run as a page: nosniff and a sandboxing policy); 404 when it is gone. */
async function serveStored(
  deps: AppDeps,
  row: { id: number; storedName: string; contentType: string; originalName: string } | undefined | null,
  action: 'download' | 'display',
  disposition: (originalName: string) => string,
  cacheControl: string,
): Promise<Download> {
  if (!row) throw new AppError('not_found', 'File not found.');
  const opened = await deps.storage.open(row.storedName).catch((err: unknown) => {
    throw storageUnavailable(deps, err, { action, fileId: row.id });
  });
  if (!opened) {
    deps.logger.error({ fileId: row.id, storage: deps.storage.kind }, 'stored file is missing from storage');
    throw new AppError('not_found', 'File not found.');
  }
  return {
    stream: opened.stream,
    headers: {
      'Content-Type': row.contentType,
      'Content-Length': String(opened.size),
      'Content-Disposition': disposition(row.originalName),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': cacheControl,
    },
  };
}
