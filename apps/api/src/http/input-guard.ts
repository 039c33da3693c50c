import type { RequestHandler } from 'express';
import { AppError } from '../core/errors';

/**
 * Postgres cannot store a NUL character in text (and some drivers cut the string there), so a NUL anywhere
 * in what a caller sends is refused at the door with a 400 naming the field, before any service sees it.
 */
const NUL = '\u0000';

/** The path (`body.items.0.name`) of the first string holding a NUL, or undefined. Walks at most `budget` nodes. */
export function findNulByte(value: unknown, where: string, budget = { nodes: 10_000 }): string | undefined {
  if (--budget.nodes < 0) return undefined;
  if (typeof value === 'string') return value.includes(NUL) ? where : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const path = `${where}.${key}`;
    if (key.includes(NUL)) return path;
    const found = findNulByte(child, path, budget);
    if (found) return found;
  }
  return undefined;
}

export function nulByteError(path: string): AppError {
  const field = path.replace(/^(body|query|path)\./, '');
  return new AppError('validation_error', `Invalid ${path.split('.')[0]}: ${field}: Must not contain NUL characters.`, {
    [field]: ['Must not contain NUL characters.'],
  });
}

/**
 * Refuses a NUL character in the path, the query string, the parsed body or an uploaded file's name. Runs for
 * every /api request after the body parsers, and again after the multipart parser of the upload route.
 */
export function rejectNulBytes(): RequestHandler {
  return (req, _res, next) => {
    if (/%00/i.test(req.path) || req.path.includes(NUL)) return next(nulByteError('path.url'));
    const fileName = (req as { file?: { originalname?: string } }).file?.originalname;
    const found = findNulByte(req.query, 'query') ?? findNulByte(req.body, 'body') ?? findNulByte(fileName, 'body.file');
    next(found ? nulByteError(found) : undefined);
  };
}

/** Longest request target (path and query) answered; a longer one gets 414 (Node itself answers 431 past 16 KB of headers). */
export const MAX_URL_LENGTH = 8192;

export function rejectLongUrls(): RequestHandler {
  return (req, _res, next) => {
    if (req.url.length <= MAX_URL_LENGTH) return next();
    next(new AppError('uri_too_long', `The address is too long (at most ${MAX_URL_LENGTH} characters).`));
  };
}
