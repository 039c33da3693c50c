import { randomBytes } from 'node:crypto';
import { sha256Hex } from '../../core/secret';

/** 32 random bytes, URL-safe; only the SHA-256 is stored. */
export function newSecret(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashSecret(key) };
}

export function hashSecret(key: string): string {
  return sha256Hex(key);
}

/**
 * A one-time token behind a mark of its kind (`inv_…`, `pwr_…`, `tfe_…`), and the SHA-256 that alone is stored:
 * the token itself goes only to its holder (in a link, or in the answer that starts a ceremony).
 */
export function newMarkedSecret(mark: string): { token: string; hash: string } {
  const token = `${mark}${newSecret().key}`;
  return { token, hash: hashSecret(token) };
}
