import { pino, stdSerializers, type Logger } from 'pino';
import type { AppConfig } from './config';
import { databaseErrorIn } from './core/errors';

/** Where the error was thrown, without its message (which may quote the data). */
function framesOf(err: unknown): string | undefined {
  const stack = (err as { stack?: unknown }).stack;
  if (typeof stack !== 'string') return undefined;
  return stack
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}

/** Drizzle's wrapper of a failed query (it carries the SQL and its parameters). */
function failedQueryIn(err: unknown): object | undefined {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    if (Array.isArray((current as { params?: unknown }).params)) return current as object;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Errors as they reach the log. A failed query's message quotes its parameters and Postgres's message and
 * detail quote the values (an e-mail, a password hash), so database errors are logged by their SQLSTATE code,
 * constraint and place only; other errors as pino logs them.
 */
export function safeErrorSerializer(value: unknown): unknown {
  // pino-http hands over pino's serialization of the error, with the error itself as `raw`.
  const raw = (value as { raw?: unknown } | null)?.raw;
  const err = raw ?? value;
  const db = databaseErrorIn(err);
  const query = failedQueryIn(err);
  if (!db && !query) return raw || !(value instanceof Error) ? value : stdSerializers.err(value);
  const facts: Record<string, unknown> = { type: 'DatabaseError' };
  if (db) {
    facts.code = db.code;
    for (const key of ['severity', 'constraint', 'table', 'column', 'routine'] as const) if (db[key]) facts[key] = db[key];
  } else {
    // No Postgres error: the connection failed (node's message names an address, not data).
    const cause = (query as { cause?: { code?: unknown; message?: unknown } }).cause;
    facts.code = typeof cause?.code === 'string' ? cause.code : undefined;
    facts.message = typeof cause?.message === 'string' ? cause.message : undefined;
  }
  const stack = framesOf(err);
  if (stack) facts.stack = stack;
  return facts;
}

export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['password', '*.password', 'token', '*.token'],
    serializers: { err: safeErrorSerializer },
  });
}
