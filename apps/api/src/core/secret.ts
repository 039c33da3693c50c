import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config';

/**
 * APP_SECRET and the keys derived from it. Production requires APP_SECRET (config.ts); in development and
 * tests an unset secret is replaced by a random one per process, so whatever it signed or encrypted (OAuth
 * state, provider tokens) does not survive a restart: a state fails its check, a token cannot be decrypted and
 * the account is reported as needing reconnection (never a crash).
 */
let processSecret: string | undefined;

export function appSecretOf(config: Pick<AppConfig, 'APP_SECRET'>): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  processSecret ??= randomBytes(32).toString('hex');
  return processSecret;
}

/** A 32-byte key for one purpose, derived from the secret (HKDF-SHA256); purposes never share a key. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.from('agency-app-secret'), Buffer.from(purpose), 32));
}

export const hmacBase64Url = (key: Buffer, data: string): string => createHmac('sha256', key).update(data).digest('base64url');

/** Constant-time comparison of two strings (signatures). */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');
