import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { detectUploadType, sanitizeFileName } from './file-check';
import * as q from './files.queries';
import { quotaExceeded, type UploadedPart } from './files.service';

/*
 * An image a person uploads for themselves (their avatar): checked by its content like every upload, stored under a
 * random name, counted in the uploader's quota, and filed under no client (its address is handed out by its owner's
 * module, which checks who may see it).
 */

const fieldError = (detail: string) => new AppError('bad_request', detail, { file: [detail] });

/** Stores an uploaded image of at most `maxBytes`; answers the new file's id. */
export async function storeOwnImage(deps: AppDeps, actor: UserActor, part: UploadedPart | undefined, opts: { maxBytes: number; tooLarge: string; notAnImage: string }): Promise<number> {
  if (!part) throw new AppError('validation_error', 'No file was uploaded. Send it as the multipart field "file".', { file: ['Choose an image.'] });
  if (part.size > opts.maxBytes) throw new AppError('payload_too_large', opts.tooLarge, { file: [opts.tooLarge] });
  if (part.size === 0) throw fieldError('The file is empty.');
  const name = sanitizeFileName(part.originalname, 'image');
  const detected = await detectUploadType(part.path, [name]);
  if (detected?.fileType !== 'image') throw fieldError(opts.notAnImage);
  const stored = await deps.storage.put(part.path, { contentType: detected.contentType }).catch((err: unknown) => {
    deps.logger.error({ err, storage: deps.storage.kind }, 'file storage failed');
    throw new AppError('service_unavailable', 'File storage is unavailable right now. Please try again in a moment.', undefined, 30);
  });
  try {
    return await transact(deps, async ({ db: tx }) => {
      const used = await q.lockAndSumStoredBytes(tx, actor.id);
      const quotaBytes = deps.config.UPLOAD_QUOTA_MB * 1024 * 1024;
      if (used + stored.size > quotaBytes) throw quotaExceeded(deps.config.UPLOAD_QUOTA_MB, used, stored.size);
      const row = await q.insertFile(tx, {
        ownerId: actor.id,
        clientId: null,
        originalName: name,
        storedName: stored.storedName,
        contentType: detected.contentType,
        fileType: 'image',
        sizeBytes: stored.size,
        sha256: stored.sha256,
      });
      return row.id;
    });
  } catch (err) {
    await deps.storage.remove(stored.storedName).catch(() => undefined);
    throw err;
  }
}

/** Removes a file its owner no longer uses (a replaced avatar): the row, then the bytes (a failure there is only logged). */
export async function removeOwnFile(deps: AppDeps, ownerId: number, fileId: number): Promise<void> {
  const row = await q.deleteOwnFile(deps.db, ownerId, fileId);
  if (!row) return;
  await deps.storage.remove(row.storedName).catch((err: unknown) => {
    deps.logger.warn({ err, storage: deps.storage.kind, fileId }, 'could not remove a replaced file from storage');
  });
}
