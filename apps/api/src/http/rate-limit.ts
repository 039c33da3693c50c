import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { TError } from '@agency/contract';
import type { Db } from '../db/types';
import { PostgresRateLimitStore } from './rate-limit-store';

export interface LoginLimits {
  windowMs: number;
  perIp: number;
  perEmail: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60_000, perIp: 50, perEmail: 10 };

const tooMany: TError = {
  detail: 'Too many login attempts. Please wait 15 minutes and try again.',
  code: 'rate_limited',
};

/** Failed sign-ins are limited per client IP and per e-mail address (counted in Postgres); successful ones do not count. */
export function loginRateLimits(db: Db, limits: LoginLimits): RequestHandler[] {
  const common = {
    windowMs: limits.windowMs,
    standardHeaders: 'draft-7' as const,
    legacyHeaders: false,
    skipSuccessfulRequests: true,
    message: tooMany,
    statusCode: 429,
  };
  return [
    rateLimit({ ...common, limit: limits.perIp, store: new PostgresRateLimitStore(db, 'login-ip:') }),
    rateLimit({
      ...common,
      limit: limits.perEmail,
      store: new PostgresRateLimitStore(db, 'login-email:'),
      keyGenerator: (req) => {
        const email = (req.body as { email?: unknown } | undefined)?.email;
        return `email:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
    }),
  ];
}

/** Stored contact-form submissions per client IP per hour (rejected submissions do not count). */
export const CONTACT_LIMIT_PER_HOUR = 10;

/** The public contact form's limit per client IP. */
export function contactRateLimit(): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60_000,
    limit: CONTACT_LIMIT_PER_HOUR,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipFailedRequests: true,
    message: { detail: 'Too many messages from this address. Please try again later.', code: 'rate_limited' } satisfies TError,
    statusCode: 429,
  });
}
