import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe; only the SHA-256 is stored. */
export function newSecret(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashSecret(key) };
}

export function hashSecret(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
