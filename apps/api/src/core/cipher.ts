import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { deriveKey } from './secret';

/**
 * Secrets we must read back (provider tokens, webhook signing secrets) encrypted at rest: AES-256-GCM with a key
 * derived from APP_SECRET for one purpose (HKDF; provider tokens use 'social-tokens-v1'), a random 96-bit IV per value. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url), so a
 * later format or key can be told apart by its prefix.
 */
const VERSION = 'v1';

export interface TokenCipher {
  encrypt(plain: string): string;
  /** null when the value cannot be read: another (lost) key, tampered, or an unknown format. */
  decrypt(stored: string): string | null;
}

export function createTokenCipher(secret: string, purpose = 'social-tokens-v1'): TokenCipher {
  const key = deriveKey(secret, purpose);
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, body, ...rest] = stored.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined || rest.length > 0) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
