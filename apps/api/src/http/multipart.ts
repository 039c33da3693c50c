import type { RequestHandler } from 'express';
import multer from 'multer';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from '@agency/contract';
import { AppError } from '../core/errors';

/**
 * Parses the multipart body of POST /files/: one file in the field "file" (kept in memory, at most 10 MB) and
 * a few short text fields. Multer's errors become our error bodies (oversized → 413 with the spec's text).
 */
export function singleFileUpload(): RequestHandler {
  const upload = multer({
    storage: multer.memoryStorage(),
    // Browsers send raw UTF-8 file names.
    defParamCharset: 'utf8',
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 10_000, parts: 12 },
  }).single('file');
  return (req, res, next) => {
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('payload_too_large', FILE_TOO_LARGE, { file: [FILE_TOO_LARGE] }));
        if (err.code === 'LIMIT_UNEXPECTED_FILE' || err.code === 'LIMIT_FILE_COUNT') {
          return next(new AppError('bad_request', 'Send exactly one file, in the multipart field "file".', { file: ['Only one file is allowed.'] }));
        }
        return next(new AppError('bad_request', `Invalid upload: ${err.message}.`));
      }
      return next(new AppError('bad_request', 'Malformed multipart body.'));
    });
  };
}
