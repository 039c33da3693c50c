import { randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT } from '@agency/contract';
import type { AppDeps } from '../../deps';
import { createTokenCipher, type TokenCipher } from '../../core/cipher';
import { appSecretOf } from '../../core/secret';
import { hashSecret } from './tokens';

/*
 * The authenticator app's codes (TOTP, RFC 6238 as every app reads it: SHA-1, 6 digits, 30-second steps) and the
 * recovery codes. No database here: two-factor.service.ts and sign-in-challenges.ts keep what these make.
 */

export const TOTP_PERIOD_SECONDS = 30;
/** A code of the step before or after the server's is taken too (a phone's clock a little off, a code typed late). */
export const TOTP_WINDOW_STEPS = 1;
const DIGITS = 6;

/** Authenticator secrets are encrypted at rest with their own key (derived from APP_SECRET for this purpose). */
const ciphers = new WeakMap<object, TokenCipher>();
export function totpCipher(config: AppDeps['config']): TokenCipher {
  let cipher = ciphers.get(config);
  if (!cipher) {
    cipher = createTokenCipher(appSecretOf(config), 'totp-v1');
    ciphers.set(config, cipher);
  }
  return cipher;
}

/** A new secret: 160 random bits (RFC 4226's recommended length), as base32 for the app. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpOf(secretBase32: string, issuer = '', label = ''): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** What the app is set up with: the otpauth:// URI and it as a QR code (an SVG data URL). */
export async function totpProvisioning(secretBase32: string, issuer: string, account: string): Promise<{ uri: string; qrCode: string }> {
  const uri = totpOf(secretBase32, issuer, account).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
}

/**
 * The 30-second step a code belongs to, if it is a code of this secret at `now` (within TOTP_WINDOW_STEPS); null
 * otherwise. The step is what makes a code single use (users.totp_last_step).
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpOf(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW_STEPS });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a secret at a time (tests and the sandbox only; the server never needs to say a code). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpOf(secretBase32).generate({ timestamp: at.getTime() });
}

/** Recovery codes are written from these 31 characters (no 0/o, 1/l/i to mix up): 8 characters ≈ 40 bits each. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/*
 * Stored form of a recovery code. 40 bits are well under ASVS 5.0 6.5.2's 112, so a code is kept salted and
 * slow-hashed: scrypt with a random salt of its own, as `scrypt$N$r$p$salt$hash` (base64url) so the parameters
 * can change later without touching the rows made before. The 16-byte hash is far beyond the code's own 40 bits,
 * and it keeps the whole string at 62 characters, inside recovery_codes.code_hash (varchar 64).
 * Cost, measured on the 2-core dev machine under load (Node 20): N=2^14, r=8, p=1 takes ~42 ms a hash, so the 10
 * comparisons of a wrong code take ~420 ms; N=2^15 was ~1 s, too slow for a sign-in.
 */
const RECOVERY_SCRYPT = { N: 2 ** 14, r: 8, p: 1 };
const RECOVERY_SALT_BYTES = 16;
const RECOVERY_HASH_BYTES = 16;
/** Rows written before the codes were slow-hashed hold the plain SHA-256 (hex) of the code: still accepted. */
const LEGACY_SHA256_HEX = /^[0-9a-f]{64}$/;

function scryptOf(normalized: string, salt: Buffer, keyLength: number, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  // Node refuses more than 32 MiB by default; 128·N·r·p bytes are needed, twice that is allowed.
  const maxmem = 256 * cost.N * cost.r * cost.p;
  return new Promise((resolve, reject) => {
    scrypt(normalized, salt, keyLength, { ...cost, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** RECOVERY_CODE_COUNT fresh codes, `xxxx-xxxx`, with the hashes to keep (of the 8 characters, as the contract normalizes them). */
export async function newRecoveryCodes(): Promise<{ codes: string[]; hashes: string[] }> {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    let raw = '';
    for (let i = 0; i < 8; i += 1) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(raw);
  }
  const list = [...codes];
  const hashes = await Promise.all(list.map(recoveryCodeHash));
  return { codes: list.map((c) => `${c.slice(0, 4)}-${c.slice(4)}`), hashes };
}

/** The stored form of a recovery code (its 8 characters, lower case, no hyphen): `scrypt$N$r$p$salt$hash`, a new salt each time. */
export async function recoveryCodeHash(normalized: string): Promise<string> {
  const { N, r, p } = RECOVERY_SCRYPT;
  const salt = randomBytes(RECOVERY_SALT_BYTES);
  const hash = await scryptOf(normalized, salt, RECOVERY_HASH_BYTES, RECOVERY_SCRYPT);
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether a normalized recovery code is the one of a stored hash (scrypt, or a legacy SHA-256); false for a hash it cannot read. */
export async function recoveryCodeMatches(normalized: string, stored: string): Promise<boolean> {
  if (LEGACY_SHA256_HEX.test(stored)) return safeEqual(Buffer.from(hashSecret(normalized), 'hex'), Buffer.from(stored, 'hex'));
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash || rest.length > 0) return false;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((v) => Number.isSafeInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length === 0) return false;
  // Parameters scrypt refuses (N not a power of 2, too much memory) are a hash it cannot read, not a server error.
  const derived = await scryptOf(normalized, Buffer.from(salt, 'base64url'), expected.length, cost).catch(() => null);
  return derived !== null && safeEqual(derived, expected);
}

function safeEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
