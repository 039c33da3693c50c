import { createHash, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';

/**
 * APP_SECRET and the keys derived from it. Production requires APP_SECRET (config.ts). In development an unset
 * secret is made once and kept in DATA_DIR/app-secret (readable by the owner only), so what it signed or
 * encrypted (OAuth state, provider tokens) survives a restart and is shared by instances on the same data
 * folder. Tests get a random one per process. A secret that changes anyway never crashes anything: a state
 * fails its check, a token cannot be decrypted and the account is reported as needing reconnection.
 */
let processSecret: string | undefined;

export function appSecretOf(config: Pick<AppConfig, 'APP_SECRET' | 'NODE_ENV' | 'DATA_DIR'>): string {
  if (config.APP_SECRET) return config.APP_SECRET;
  processSecret ??= config.NODE_ENV === 'test' ? randomBytes(32).toString('hex') : developmentSecret(config.DATA_DIR);
  return processSecret;
}

/** The development secret kept in `dataDir` (made on first use). */
export function developmentSecret(dataDir: string): string {
  const file = path.resolve(dataDir, 'app-secret');
  try {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  } catch {
    // Not made yet.
  }
  const made = randomBytes(32).toString('hex');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${made}\n`, { mode: 0o600 });
  return made;
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
