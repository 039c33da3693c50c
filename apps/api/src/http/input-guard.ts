import type { RequestHandler } from 'express';
import { AppError } from '../core/errors';

/**
 * Postgres cannot store a NUL character in text (and some drivers cut the string there), so a NUL anywhere
 * in what a caller sends is refused at the door with a 400 naming the field, before any service sees it.
 */
const NUL = '\u0000';

/** Deepest nesting of objects and arrays accepted in a body or query (the contract's deepest is 3). */
export const MAX_INPUT_DEPTH = 32;

export type InputProblem = { kind: 'nul'; path: string } | { kind: 'too_deep'; path: string };

/**
 * The first problem in what a caller sent: a string (or key) holding a NUL, or nesting deeper than
 * MAX_INPUT_DEPTH. Walks iteratively, so no input can exhaust the stack.
 */
export function findInputProblem(value: unknown, where: string): InputProblem | undefined {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value, path: where, depth: 0 }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (typeof node.value === 'string') {
      if (node.value.includes(NUL)) return { kind: 'nul', path: node.path };
      continue;
    }
    if (node.value === null || typeof node.value !== 'object') continue;
    if (node.depth >= MAX_INPUT_DEPTH) return { kind: 'too_deep', path: where };
    for (const [key, child] of Object.entries(node.value)) {
      const path = `${node.path}.${key}`;
      if (key.includes(NUL)) return { kind: 'nul', path };
      stack.push({ value: child, path, depth: node.depth + 1 });
    }
  }
  return undefined;
}

function problemError(problem: InputProblem): AppError {
  if (problem.kind === 'too_deep') return new AppError('bad_request', `The ${problem.path} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`);
  return nulByteError(problem.path);
}

export function nulByteError(path: string): AppError {
  const field = path.replace(/^(body|query|path)\./, '');
  return new AppError('validation_error', `Invalid ${path.split('.')[0]}: ${field}: Must not contain NUL characters.`, {
    [field]: ['Must not contain NUL characters.'],
  });
}

/**
 * Refuses a NUL character in the path, the query string, the parsed body or an uploaded file's name, and
 * bodies nested deeper than any route takes. Runs for
 * every /api request after the body parsers, and again after the multipart parser of the upload route.
 */
export function rejectMalformedInput(): RequestHandler {
  return (req, _res, next) => {
    if (/%00/i.test(req.path) || req.path.includes(NUL)) return next(nulByteError('path.url'));
    const fileName = (req as { file?: { originalname?: string } }).file?.originalname;
    const problem = findInputProblem(req.query, 'query') ?? findInputProblem(Buffer.isBuffer(req.body) ? undefined : req.body, 'body') ?? findInputProblem(fileName, 'body.file');
    next(problem ? problemError(problem) : undefined);
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
