import { rm } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from '@agency/contract';
import type { AppConfig } from '../config';
import { AppError } from '../core/errors';
import { ensureIncomingDir } from '../integrations/storage';

/**
 * Parses the multipart body of POST /files/: one file in the field "file" (at most 10 MB) and a few short text
 * fields. The file is streamed to DATA_DIR/uploads/.incoming as it arrives (never held in memory), whatever the
 * storage driver; whatever the outcome, the incoming file is removed once the answer is sent (the storage has taken
 * it over if it kept it).
 * Multer's errors become our error bodies (oversized → 413 with the spec's text).
 */
export function singleFileUpload(config: Pick<AppConfig, 'DATA_DIR'>): RequestHandler {
  // Multer is loaded by the first upload, not at start.
  let loaded: Promise<{ MulterError: typeof import('multer').MulterError; upload: RequestHandler }> | undefined;
  const parser = () =>
    (loaded ??= import('multer').then(({ default: multer }) => ({
      MulterError: multer.MulterError,
      upload: multer({
        storage: multer.diskStorage({
          destination: (_req, _file, cb) => {
            ensureIncomingDir(config).then((dir) => cb(null, dir), (err: Error) => cb(err, ''));
          },
        }),
        // Browsers send raw UTF-8 file names.
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
      }).single('file'),
    })));
  return (req, res, next) => {
    res.on('close', () => {
      if (req.file?.path) void rm(req.file.path, { force: true }).catch(() => undefined);
    });
    parser().then(
      ({ MulterError, upload }) =>
        upload(req, res, (err: unknown) => {
          if (!err) return next();
          if (err instanceof MulterError) {
            if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('payload_too_large', FILE_TOO_LARGE, { file: [FILE_TOO_LARGE] }));
            if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
              return next(new AppError('bad_request', 'Send exactly one file, in the multipart field "file".', { file: ['Only one file is allowed.'] }));
            }
            return next(new AppError('bad_request', `Invalid upload: ${err.message}.`));
          }
          return next(new AppError('bad_request', 'Malformed multipart body.'));
        }),
      next,
    );
  };
}
