import { createHash } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_KEY_TTL_HOURS,
  type TRouteMetadata,
} from '@agency/contract';
import { AppError } from '../core/errors';
import {
  claimIdempotencyKey,
  idempotencyScope,
  releaseIdempotencyKey,
  storeIdempotentAnswer,
  type IdempotencyRef,
} from '../db/idempotency';
import type { AppDeps } from '../deps';
import './request-context';

/** Sent with an answer that is the stored first answer of an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
const TTL_MS = IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000;

/** Object keys sorted, so the same JSON body fingerprints the same whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(object[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What makes two requests "the same": method, URL (path parameters and query) and body. A multipart upload is
 * not parsed yet here (and each retry has a new boundary), so it is known by its length and its part names' order
 * is not compared: the same file sent again has the same length.
 */
function fingerprintOf(req: Request): string {
  const body = req.is('multipart/form-data')
    ? `multipart:${req.headers['content-length'] ?? 'chunked'}`
    : canonicalJson(req.body ?? null);
  return createHash('sha256').update(`${req.method}\n${req.originalUrl}\n${body}`).digest('hex');
}

/** The header's key, undefined when not sent; a malformed one is a 400. */
function keyOf(req: Request): string | undefined {
  const raw = req.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new AppError(
      'bad_request',
      `${IDEMPOTENCY_KEY_HEADER} must be 1 to 255 printable ASCII characters (for example a UUID).`,
      { [IDEMPOTENCY_KEY_HEADER]: ['1 to 255 printable ASCII characters'] },
    );
  }
  return value;
}

/** Answers kept for a retry: successes and the client's own errors, not a rate limit (it passes) nor a 5xx. */
const keepsAnswer = (status: number) => (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 429);

/**
 * Idempotency-Key for every create route of the contract (metadata.idempotent), in one middleware after the
 * route guard: the key is scoped to the caller (the user, or the IP for anonymous routes) and the route.
 * The first request claims the key; its answer (2xx or 4xx) is kept 24 h and replayed to a retry with the same
 * body (`Idempotent-Replayed: true`); the same key with another body, or while the first is still running, is a
 * 409. A 5xx frees the key unless the change committed (the create's transaction marks the key), so a retry after
 * an outage runs again and a retry after a crash never creates twice.
 */
export function idempotency(deps: Pick<AppDeps, 'db' | 'now' | 'config' | 'logger'>): RequestHandler {
  const leaseMs = deps.config.IDEMPOTENCY_LEASE_SECONDS * 1000;
  return (req: Request, res: Response, next: NextFunction) => {
    const route = (req as Request & { tsRestRoute?: { path: string; metadata?: TRouteMetadata } }).tsRestRoute;
    if (!route?.metadata?.idempotent) return next();
    let key: string | undefined;
    try {
      key = keyOf(req);
    } catch (err) {
      return next(err);
    }
    if (key === undefined) return next();
    const ref: IdempotencyRef = {
      scope: req.actor ? `user:${req.actor.id}` : `ip:${req.ip ?? 'unknown'}`,
      route: `${req.method} ${route.path}`,
      key,
    };
    claimIdempotencyKey(deps.db, ref, { fingerprint: fingerprintOf(req), now: deps.now(), leaseMs, ttlMs: TTL_MS })
      .then((claim) => {
        switch (claim.kind) {
          case 'replay':
            res.status(claim.status);
            res.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
            if (claim.type) res.setHeader('Content-Type', claim.type);
            res.end(claim.body ?? undefined);
            return;
          case 'mismatch':
            throw new AppError(
              'idempotency_key_reused',
              `This ${IDEMPOTENCY_KEY_HEADER} was already used for a different request. Use a new key for a new request.`,
            );
          case 'in_progress':
            throw new AppError(
              'idempotency_key_in_use',
              `A request with this ${IDEMPOTENCY_KEY_HEADER} is still in progress. Retry after it has finished.`,
              undefined,
              claim.retryAfterSeconds,
            );
          case 'lost':
            throw new AppError(
              'idempotency_answer_lost',
              `The request with this ${IDEMPOTENCY_KEY_HEADER} was carried out, but its answer was lost. Look the result up instead of sending it again.`,
            );
          case 'claimed':
            captureAnswer(deps, req, res, ref, leaseMs);
            idempotencyScope.run({ ...ref, now: deps.now }, () => next());
            return;
        }
      })
      .catch(next);
  };
}

/** Retries `work` every second until it succeeds or `untilMs` passes (then the key's lease settles it). */
function retryInBackground(work: () => Promise<void>, untilMs: number): void {
  if (Date.now() + 1000 > untilMs) return;
  setTimeout(() => {
    work().catch(() => retryInBackground(work, untilMs));
  }, 1000).unref();
}

/** Holds the answer back until it is stored (a retry that follows at once finds it), then sends it. */
function captureAnswer(deps: Pick<AppDeps, 'db' | 'now' | 'logger'>, req: Request, res: Response, ref: IdempotencyRef, leaseMs: number) {
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  let streamed = false;
  res.write = ((...args: Parameters<Response['write']>) => {
    streamed = true;
    return write(...args);
  }) as Response['write'];
  let ended = false;
  res.end = ((...args: unknown[]) => {
    if (ended) return (end as (...a: unknown[]) => Response)(...args);
    ended = true;
    const [chunk, encoding] = args;
    const status = res.statusCode;
    const body =
      typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString(typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : null;
    const type = res.getHeader('Content-Type');
    const settle = () =>
      !streamed && keepsAnswer(status)
        ? storeIdempotentAnswer(deps.db, ref, { status, body, type: typeof type === 'string' ? type : null, now: deps.now() })
        : releaseIdempotencyKey(deps.db, ref, deps.now());
    settle()
      .catch((err: unknown) => {
        // The database went away mid-request: keep trying in the background while the key's lease lasts, so a
        // retry once it is back finds the answer (or the key free) instead of 'in progress' until the lease ends.
        req.log?.warn({ err }, 'idempotency: could not settle the key yet; retrying');
        retryInBackground(settle, Date.now() + leaseMs);
      })
      .finally(() => (end as (...a: unknown[]) => Response)(...args));
    return res;
  }) as Response['end'];
}
