import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { ZodError } from 'zod';
import type { TError } from '@agency/contract';
import { AppError, databaseErrorIn, isDatabaseUnavailable, type DatabaseErrorFacts } from '../core/errors';
import { logRequestSecurityEvent } from './security-events';

/** Field → messages, from a zod error; the first message becomes the detail. */
export function zodToAppError(error: ZodError, where: 'body' | 'query' | 'path' = 'body'): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : where;
    (errors[key] ??= []).push(issue.message);
  }
  const first = error.issues[0];
  const field = first?.path.length ? first.path.join('.') : where;
  const detail = first ? `Invalid ${where}: ${field}: ${first.message}` : `Invalid ${where}`;
  return new AppError('validation_error', detail, errors);
}

/** Postgres constraint names follow <table>_<field>_<kind>; name the field for the user. */
function fieldOf(pg: DatabaseErrorFacts): string {
  const fromDetail = /Key \((?:lower\()?"?([a-z_]+)"?\)?\)=/.exec(pg.detail ?? '');
  if (fromDetail?.[1]) return fromDetail[1];
  if (pg.column) return pg.column;
  const m = /^[a-z]+_(.+?)_(unique|fkey|check|key)$/.exec(pg.constraint ?? '');
  return m?.[1] ?? 'value';
}

/** Seconds a caller is asked to wait when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function mapPgError(err: unknown): AppError | undefined {
  if (isDatabaseUnavailable(err)) {
    return new AppError(
      'service_unavailable',
      'The service is temporarily unavailable. Please try again in a few seconds.',
      undefined,
      DATABASE_RETRY_AFTER_SECONDS,
    );
  }
  const pg = databaseErrorIn(err);
  if (!pg?.code) return undefined;
  switch (pg.code) {
    case '23505':
      return new AppError('conflict', `A record with this ${fieldOf(pg)} already exists.`, {
        [fieldOf(pg)]: ['already exists'],
      });
    case '23503':
      return new AppError('bad_request', `The referenced ${fieldOf(pg)} does not exist.`);
    case '23514':
    case '23502':
      return new AppError('bad_request', `Invalid value for ${fieldOf(pg)}.`);
    case '22P02':
    case '22007':
    case '22008':
      return new AppError('bad_request', 'Invalid input syntax.');
    case '22001':
      return new AppError('bad_request', 'A value is too long.');
    case '22003':
      return new AppError('bad_request', 'A number is out of range.');
    case '57014':
      return new AppError('service_unavailable', 'The request took too long. Please try again.');
    default:
      return undefined;
  }
}

export function toErrorBody(err: AppError): TError {
  return err.errors ? { detail: err.detail, code: err.code, errors: err.errors } : { detail: err.detail, code: err.code };
}

/** Unknown /api paths answer JSON, not the SPA. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ detail: 'Not found.', code: 'not_found' } satisfies TError);
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/** A 401 or 403 is a security event (ASVS 16.3.2): who was refused what (never the credentials sent). */
function logRefusal(req: Request, error: AppError): void {
  if (error.status === 401) logRequestSecurityEvent(req, { security_event: 'not_authenticated', code: error.code });
  if (error.status !== 403) return;
  const actor = req.actor;
  logRequestSecurityEvent(req, {
    security_event: 'forbidden',
    code: error.code,
    ...(actor ? { user_id: actor.id, role: actor.role, staff_role: actor.staffRole, api_key: !!actor.apiKey } : {}),
  });
}

export const errorMiddleware: ErrorRequestHandler = (err, req, res, _next) => {
  let appError: AppError | undefined;
  const parserError = err as BodyParserError;
  if (err instanceof AppError) appError = err;
  else if (err instanceof ZodError) appError = zodToAppError(err);
  else if (parserError.type === 'entity.parse.failed') appError = new AppError('malformed_json', 'Malformed JSON in request body.');
  else if (parserError.type === 'entity.too.large') appError = new AppError('payload_too_large', 'Request body is too large.');
  else if (parserError.type === 'charset.unsupported' || parserError.type === 'encoding.unsupported')
    appError = new AppError('unsupported_media_type', 'Unsupported request encoding.');
  else if (parserError.status && parserError.status >= 400 && parserError.status < 500)
    appError = new AppError('bad_request', 'Bad request.');
  else appError = mapPgError(err);

  if (!appError) {
    // The text of unexpected errors stays in the log, keyed by the request id.
    req.log?.error({ err }, 'unhandled error');
    const requestId = String(req.id ?? '');
    res.status(500).json({ detail: `Internal server error (request ${requestId}).`, code: 'server_error' } satisfies TError);
    return;
  }
  // An outage is worth a line in the log (without the query's values: see safeErrorSerializer).
  if (appError.status >= 500) req.log?.warn({ err }, appError.detail);
  logRefusal(req, appError);
  if (res.headersSent) return;
  if (appError.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(appError.retryAfterSeconds));
  res.status(appError.status).json(toErrorBody(appError));
};
