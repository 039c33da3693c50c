import { setTimeout as sleep } from 'node:timers/promises';
import type { Request, RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options, type RateLimitExceededEventHandler } from 'express-rate-limit';
import type { Logger } from 'pino';
import type { TError } from '@agency/contract';
import type { Db } from '../db/types';
import { actorOf } from './guard';
import { PostgresRateLimitStore } from './rate-limit-store';
import { logRequestSecurityEvent } from './security-events';

/** Failed sign-ins of one e-mail address (from anywhere) that are answered at once; later ones wait longer each. */
export interface LoginDelay {
  after: number;
  /** The first wait; it doubles with every further failure... */
  baseMs: number;
  /** ...up to this. */
  maxMs: number;
}

export interface LoginLimits {
  windowMs: number;
  /** Failed sign-ins per client IP, whatever the e-mail. */
  perIp: number;
  /**
   * Failed sign-ins per e-mail address from one client IP: an attacker who uses up this limit for someone's
   * address blocks only their own IP, never the owner signing in from elsewhere.
   */
  perEmail: number;
  /** The progressive delay per e-mail address; none when left out. */
  delay?: LoginDelay;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  windowMs: 15 * 60_000,
  perIp: 50,
  perEmail: 10,
  delay: { after: 5, baseMs: 500, maxMs: 4000 },
};

const tooMany: TError = {
  detail: 'Too many login attempts. Please wait 15 minutes and try again.',
  code: 'rate_limited',
};

/** The e-mail of a sign-in attempt as the service reads it (trimmed, lower case). */
function attemptedEmail(req: Request): string {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}

/** The client IP as a rate-limit key (an IPv6 client counts by its /56, as express-rate-limit does). */
const clientIp = (req: Request) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? '');

/** How long to hold back an attempt after `failures` earlier failed ones for the same e-mail. */
export function loginDelayMs(failures: number, delay: LoginDelay): number {
  if (failures < delay.after) return 0;
  return Math.min(delay.maxMs, delay.baseMs * 2 ** (failures - delay.after));
}

/**
 * Holds back sign-ins of an e-mail address that keeps failing (instead of a CAPTCHA): every attempt is counted in
 * Postgres (one short statement, so no connection is held), a successful one is taken off again, and the wait is a
 * timer, so neither the event loop nor a database connection is tied up while it runs.
 */
function loginSlowDown(db: Db, logger: Logger, windowMs: number, delay: LoginDelay): RequestHandler {
  const store = new PostgresRateLimitStore(db, 'login-delay:');
  store.init({ windowMs } as Options);
  return async (req, res, next) => {
    const email = attemptedEmail(req);
    // Without an e-mail the request is refused as invalid anyway.
    if (!email) return next();
    const key = `email:${email}`;
    try {
      const { totalHits } = await store.increment(key);
      res.on('finish', () => {
        if (res.statusCode < 400) store.decrement(key).catch((err: unknown) => logger.warn({ err }, 'login delay counter not decremented'));
      });
      const wait = loginDelayMs(totalHits - 1, delay);
      if (wait > 0) await sleep(wait);
      next();
    } catch (err) {
      next(err);
    }
  };
}

/**
 * Every limiter here is created with the app, never in a request: express-rate-limit's check of that (a stack trace
 * at creation, which with source maps on costs 50 ms of the start) is not needed.
 */
const createdAtStart = { validate: { creationStack: false } } as const;

/** What a limit counts by, as its security event names it (never the value: no e-mail, no key). */
type KeyKind = 'ip' | 'user' | 'email' | 'api_key';

/**
 * Every limiter's refusal (ASVS 16.3.3): a `rate_limited` security event naming the limit (its counter's name) and
 * what it counts by, then express-rate-limit's own answer (the limiter's status and message).
 */
function refuseAndLog(limiter: string, key: KeyKind): { handler: RateLimitExceededEventHandler } {
  return {
    handler: (req, res, _next, options) => {
      logRequestSecurityEvent(req, { security_event: 'rate_limited', limiter, key, ...(req.actor ? { user_id: req.actor.id } : {}) });
      res.status(options.statusCode).send(options.message);
    },
  };
}

/** A counter's name from its store prefix: 'login-ip:' → 'login-ip'. */
const limiterName = (prefix: string) => prefix.replace(/:$/, '');

/**
 * Failed sign-ins are limited per client IP and per (e-mail, client IP) pair, counted in Postgres; successful ones
 * do not count. Repeated failures for one e-mail are then slowed down (see loginSlowDown).
 */
export function loginRateLimits(deps: { db: Db; logger: Logger }, limits: LoginLimits): RequestHandler[] {
  const common = {
    ...createdAtStart,
    windowMs: limits.windowMs,
    standardHeaders: 'draft-7' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    message: tooMany,
    statusCode: 429,
    // express-rate-limit's configuration warnings (e.g. X-Forwarded-For without TRUST_PROXY) go to our log.
    logger: deps.logger,
  };
  return [
    rateLimit({ ...common, ...refuseAndLog('login-ip', 'ip'), limit: limits.perIp, store: new PostgresRateLimitStore(deps.db, 'login-ip:') }),
    rateLimit({
      ...common,
      // Per (e-mail, IP): the line names the e-mail as a kind of key only, and the IP as every line does.
      ...refuseAndLog('login-email-ip', 'email'),
      limit: limits.perEmail,
      store: new PostgresRateLimitStore(deps.db, 'login-email-ip:'),
      keyGenerator: (req) => `email:${attemptedEmail(req)}|ip:${clientIp(req)}`,
    }),
    ...(limits.delay ? [loginSlowDown(deps.db, deps.logger, limits.windowMs, limits.delay)] : []),
  ];
}

/** Stored contact-form submissions per client IP per hour (rejected submissions do not count). */
export const CONTACT_LIMIT_PER_HOUR = 10;

/** The public contact form's limit per client IP. */
export function contactRateLimit(): RequestHandler {
  return rateLimit({
    ...createdAtStart,
    windowMs: 60 * 60_000,
    limit: CONTACT_LIMIT_PER_HOUR,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipFailedRequests: true,
    message: { detail: 'Too many messages from this address. Please try again later.', code: 'rate_limited' } satisfies TError,
    statusCode: 429,
    ...refuseAndLog('contact-ip', 'ip'),
  });
}

/** The answer when a user starts more uploads in a minute than UPLOAD_RATE_PER_MINUTE allows. */
const tooManyUploads = (perMinute: number): TError => ({
  detail: `Too many uploads: at most ${perMinute} files a minute. Please wait a minute and try again.`,
  code: 'rate_limited',
});

/**
 * A limit counted in Postgres (so across instances) per key of a window: every attempt counts, refused ones too,
 * unless `onlyFailures` (then an answer below 400 takes its count back). `logger` takes express-rate-limit's
 * configuration warnings.
 */
function countedLimit(
  db: Db,
  o: {
    prefix: string;
    windowMs: number;
    limit: number;
    key: (req: Request) => string;
    /** What `key` counts by, for the security event of a refusal. */
    keyKind: KeyKind;
    message: TError;
    skip?: (req: Request) => boolean;
    onlyFailures?: boolean;
    logger?: Logger;
  },
): RequestHandler {
  return rateLimit({
    ...createdAtStart,
    windowMs: o.windowMs,
    limit: o.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    store: new PostgresRateLimitStore(db, o.prefix),
    keyGenerator: o.key,
    ...(o.skip ? { skip: o.skip } : {}),
    ...(o.onlyFailures ? { skipSuccessfulRequests: true } : {}),
    message: o.message,
    statusCode: 429,
    ...refuseAndLog(limiterName(o.prefix), o.keyKind),
    ...(o.logger ? { logger: o.logger } : {}),
  });
}

/** The keys a limit counts by: the client IP, or the signed-in user (after the route guard, which names the caller). */
const limitKeys = {
  ip: (req: Request) => `ip:${clientIp(req)}`,
  user: (req: Request) => `user:${actorOf(req).id}`,
} as const;

/**
 * Attempts per client IP or per signed-in user per 15 minutes on the second-factor and passkey routes. With
 * `onlyFailures` only the refused ones (wrong codes, passwords, passkey answers) count.
 */
export function securityAttemptsLimit(
  deps: { db: Db; logger: Logger },
  o: { prefix: string; limit: number; per: keyof typeof limitKeys; detail: string; onlyFailures: boolean },
): RequestHandler {
  return countedLimit(deps.db, {
    prefix: o.prefix,
    windowMs: 15 * 60_000,
    limit: o.limit,
    key: limitKeys[o.per],
    keyKind: o.per,
    message: { detail: o.detail, code: 'rate_limited' },
    onlyFailures: o.onlyFailures,
    logger: deps.logger,
  });
}

/**
 * Uploads per signed-in user per minute, before the body is read. Runs after the route guard, which has set the
 * actor.
 */
export function uploadRateLimit(db: Db, perMinute: number): RequestHandler {
  return countedLimit(db, {
    prefix: 'upload-user:',
    windowMs: 60_000,
    limit: perMinute,
    key: limitKeys.user,
    keyKind: 'user',
    message: tooManyUploads(perMinute),
  });
}

/** Attempts per client IP per 10 minutes, every one counted (refused ones too), so nothing can be found by trying. */
function perIpLimit(db: Db, prefix: string, limit: number, detail: string): RequestHandler {
  return countedLimit(db, { prefix, windowMs: 10 * 60_000, limit, key: limitKeys.ip, keyKind: 'ip', message: { detail, code: 'rate_limited' } });
}

/** Promo code checks per client IP per 10 minutes. */
export const PROMO_CHECKS_PER_10_MIN = 30;

export function promoRateLimit(db: Db): RequestHandler {
  return perIpLimit(db, 'promo-ip:', PROMO_CHECKS_PER_10_MIN, 'Too many promo code attempts. Please try again in a few minutes.');
}

/** Magic review link opens and decisions per client IP per 10 minutes (a token cannot be guessed; this keeps it so). */
export const REVIEW_LINK_ATTEMPTS_PER_10_MIN = 60;

export function reviewLinkRateLimit(db: Db): RequestHandler {
  return perIpLimit(db, 'review-link-ip:', REVIEW_LINK_ATTEMPTS_PER_10_MIN, 'Too many review link attempts. Please try again in a few minutes.');
}

/** Invite link opens and acceptances per client IP per 10 minutes (as for review links). */
export const INVITE_LINK_ATTEMPTS_PER_10_MIN = 30;

export function inviteLinkRateLimit(db: Db): RequestHandler {
  return perIpLimit(db, 'invite-link-ip:', INVITE_LINK_ATTEMPTS_PER_10_MIN, 'Too many invite link attempts. Please try again in a few minutes.');
}

/**
 * Requests per API key per minute; past it a 429 with Retry-After. Runs after the route guard, which has named the
 * key; requests without a key pass.
 */
export function apiKeyRateLimit(db: Db, perMinute: number): RequestHandler {
  return countedLimit(db, {
    prefix: 'api-key:',
    windowMs: 60_000,
    limit: perMinute,
    key: (req) => `key:${req.actor!.apiKey!.id}`,
    keyKind: 'api_key',
    skip: (req) => !req.actor?.apiKey,
    message: {
      detail: `Too many requests with this API key: at most ${perMinute} a minute. Retry after the seconds in Retry-After.`,
      code: 'rate_limited',
    },
  });
}

/**
 * Forgot password (issue 28): requests per client IP and per e-mail address (lower-cased, from anywhere: no address
 * is mailed more than that), every request counted. Both answer alike whether or not an account has the address.
 */
export function passwordResetRateLimits(db: Db, limits: { perIp: number; perEmail: number }): RequestHandler[] {
  const message: TError = { detail: 'Too many password reset requests. Please wait an hour and try again.', code: 'rate_limited' };
  return [
    countedLimit(db, { prefix: 'reset-ip:', windowMs: 60 * 60_000, limit: limits.perIp, key: limitKeys.ip, keyKind: 'ip', message }),
    countedLimit(db, { prefix: 'reset-email:', windowMs: 60 * 60_000, limit: limits.perEmail, key: (req) => `email:${attemptedEmail(req)}`, keyKind: 'email', message }),
  ];
}

/** Something a signed-in user may do only so often an hour (resend a confirmation, ask for an e-mail change). */
export function perUserHourlyLimit(db: Db, prefix: string, limit: number, detail: string): RequestHandler {
  return countedLimit(db, { prefix, windowMs: 60 * 60_000, limit, key: limitKeys.user, keyKind: 'user', message: { detail, code: 'rate_limited' } });
}

/** Account link opens and uses (reset, confirm, undo) per client IP per 10 minutes, one count per route `prefix`. */
export function accountLinkRateLimit(db: Db, prefix: string, limit: number): RequestHandler {
  return perIpLimit(db, prefix, limit, 'Too many attempts with account links. Please try again in a few minutes.');
}
