import { randomInt } from 'node:crypto';
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

/** RECOVERY_CODE_COUNT fresh codes, `xxxx-xxxx`, with the hashes to keep (of the 8 characters, as the contract normalizes them). */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) {
    let raw = '';
    for (let i = 0; i < 8; i += 1) raw += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(raw);
  }
  const list = [...codes];
  return { codes: list.map((c) => `${c.slice(0, 4)}-${c.slice(4)}`), hashes: list.map(recoveryCodeHash) };
}

/** The stored form of a recovery code (its 8 characters, lower case, no hyphen): SHA-256. */
export function recoveryCodeHash(normalized: string): string {
  return hashSecret(normalized);
}
