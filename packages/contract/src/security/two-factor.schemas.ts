import { z } from 'zod';
import { ZAuthResponseSchema } from '../auth/auth.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';
import { opaqueToken, PASSWORD_REQUIRED_MESSAGE, ZCurrentPasswordSchema } from './security-fields';

/**
 * A second factor (issue 28): an authenticator app (TOTP, RFC 6238: 6 digits, 30-second steps, SHA-1, as every app
 * reads them), its ten one-time recovery codes, and the two-step sign-in that asks for one of them (or a passkey)
 * after the password. Owners can require a second factor of every staff account, and of every client login.
 */

/** How long the password step's challenge can be redeemed with a code or a passkey. */
export const SIGN_IN_CHALLENGE_TTL_SECONDS = 5 * 60;
/** Wrong codes a sign-in challenge takes; then it is dead and the sign-in starts again with the password. */
export const SECOND_FACTOR_MAX_ATTEMPTS = 5;
/** How long an authenticator app being set up waits for its first code. */
export const TOTP_ENROLMENT_TTL_SECONDS = 10 * 60;
/** Recovery codes handed out at once (each works once; making new ones voids the old). */
export const RECOVERY_CODE_COUNT = 10;

/** What can finish a sign-in after the password: a code of the app, a recovery code, a passkey. */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery_code', 'passkey'] as const;
export type TSecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

export const TOTP_CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';
export const RECOVERY_CODE_MESSAGE = 'Enter one of your recovery codes, like 7kq2-m9xd';
/** The current password's message (security-fields.ts, shared with the passkey inputs). */
export { PASSWORD_REQUIRED_MESSAGE };

/** A code of the app: 6 digits; spaces (as apps show "123 456") are ignored. */
export const ZTotpCodeSchema = z
  .string({ required_error: TOTP_CODE_MESSAGE, invalid_type_error: TOTP_CODE_MESSAGE })
  .max(20, TOTP_CODE_MESSAGE)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** A recovery code as written down: `xxxx-xxxx`, any case, the hyphen and spaces optional. Answers its 8 characters. */
export const ZRecoveryCodeSchema = z
  .string({ required_error: RECOVERY_CODE_MESSAGE, invalid_type_error: RECOVERY_CODE_MESSAGE })
  .max(40, RECOVERY_CODE_MESSAGE)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{8}$/, RECOVERY_CODE_MESSAGE));

/**
 * The password step's answer for an account with a second factor: no session yet, a challenge to redeem at
 * POST /api/auth/login/second-factor/ within SIGN_IN_CHALLENGE_TTL_SECONDS (or with a passkey, when `methods` has one).
 */
export const ZSecondFactorChallengeSchema = z.object({
  second_factor_required: z.literal(true),
  challenge: z.string().describe('Opaque, single use; only its hash is kept'),
  methods: z.array(z.enum(SECOND_FACTOR_METHODS)).describe('What the account can finish the sign-in with'),
  expires_at: z.string(),
});
export type TSecondFactorChallenge = z.infer<typeof ZSecondFactorChallengeSchema>;

/** POST /api/auth/login/: a session (`{ token, user }`, as before), or the second step's challenge. */
export const ZLoginResponseSchema = z.union([ZAuthResponseSchema, ZSecondFactorChallengeSchema]);
export type TLoginResponse = z.infer<typeof ZLoginResponseSchema>;

/** Tells the two answers of the password step apart. */
export const needsSecondFactor = (answer: TLoginResponse): answer is TSecondFactorChallenge =>
  (answer as Partial<TSecondFactorChallenge>).second_factor_required === true;

/** The second step: the challenge and a code of the app, or a recovery code. */
export const ZVerifySecondFactorSchema = z.union([
  z.object({ challenge: opaqueToken('sign-in challenge'), code: ZTotpCodeSchema }).strict(),
  z.object({ challenge: opaqueToken('sign-in challenge'), recovery_code: ZRecoveryCodeSchema }).strict(),
]);
export type TVerifySecondFactor = z.input<typeof ZVerifySecondFactorSchema>;

/** Where a signed-in user stands with second factors (Settings → Security). */
export const ZTwoFactorStatusSchema = z.object({
  /** An authenticator app or a passkey: sign-in asks for it after the password. */
  enabled: z.boolean(),
  totp_enabled: z.boolean(),
  totp_enabled_at: z.string().nullable(),
  /** Unused recovery codes left (0 without an app). */
  recovery_codes_left: z.number().int(),
  passkeys: z.number().int(),
  /** The agency requires a second factor of accounts like this one, and it has none yet: enrol before anything else. */
  enrolment_required: z.boolean(),
  /** The agency requires a second factor of accounts like this one (staff: of all staff; a client login: of client logins). */
  required_by_agency: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatusSchema>;

/** Setting up an authenticator app starts with the current password. */
export const ZStartTotpEnrolmentSchema = z.object({ password: ZCurrentPasswordSchema });
export type TStartTotpEnrolment = z.infer<typeof ZStartTotpEnrolmentSchema>;

/** What the app is set up with: scan the QR code, or type the secret. Nothing is on until a code is confirmed. */
export const ZTotpEnrolmentSchema = z.object({
  enrolment: z.string().describe('Opaque; send it back with the first code'),
  secret: z.string().describe('Base32, for typing into the app by hand'),
  otpauth_uri: z.string(),
  qr_code: z.string().describe('The otpauth URI as a QR code: an SVG data URL'),
  issuer: z.string(),
  account: z.string(),
  expires_at: z.string(),
});
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolmentSchema>;

export const ZConfirmTotpEnrolmentSchema = z.object({ enrolment: opaqueToken('enrolment'), code: ZTotpCodeSchema });
export type TConfirmTotpEnrolment = z.input<typeof ZConfirmTotpEnrolmentSchema>;

/** Recovery codes, shown once: only their hashes are kept. */
export const ZRecoveryCodesSchema = z.object({
  detail: z.string(),
  recovery_codes: z.array(z.string()).describe('`xxxx-xxxx`, each usable once instead of a code'),
});
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodesSchema>;

export const ZRegenerateRecoveryCodesSchema = z.object({ code: ZTotpCodeSchema });
export type TRegenerateRecoveryCodes = z.input<typeof ZRegenerateRecoveryCodesSchema>;

/** Turning the app off: the password and a current code or a recovery code. */
export const ZDisableTotpSchema = z.union([
  z.object({ password: ZCurrentPasswordSchema, code: ZTotpCodeSchema }).strict(),
  z.object({ password: ZCurrentPasswordSchema, recovery_code: ZRecoveryCodeSchema }).strict(),
]);
export type TDisableTotp = z.input<typeof ZDisableTotpSchema>;

/** The agency's security policy (Settings → Security, owners). */
export const ZSecurityPolicySchema = z.object({
  require_staff_two_factor: z.boolean(),
  /** Staff accounts with neither an authenticator app nor a passkey (they are asked to enrol when it is required). */
  staff_without_two_factor: z.number().int(),
  require_client_two_factor: z.boolean(),
  /** Client logins (a client's own and its team members', invites accepted) with neither an authenticator app nor a passkey. */
  client_logins_without_two_factor: z.number().int(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable().describe('Who changed it last'),
});
export type TSecurityPolicy = z.infer<typeof ZSecurityPolicySchema>;

const CHOOSE_ON_OR_OFF = 'Choose on or off';
export const NO_SECURITY_POLICY_CHANGE = 'Send require_staff_two_factor, require_client_two_factor or both (true or false)';
const onOrOff = () => z.boolean({ required_error: CHOOSE_ON_OR_OFF, invalid_type_error: CHOOSE_ON_OR_OFF }).optional();

/** Either flag, or both: what is left out stays as it is. */
export const ZUpdateSecurityPolicySchema = z
  .object({ require_staff_two_factor: onOrOff(), require_client_two_factor: onOrOff() })
  .refine((v) => v.require_staff_two_factor !== undefined || v.require_client_two_factor !== undefined, { message: NO_SECURITY_POLICY_CHANGE });
export type TUpdateSecurityPolicy = z.infer<typeof ZUpdateSecurityPolicySchema>;

/** The error code of every route but enrolment while an account must set up its second factor first (403). */
export const TWO_FACTOR_ENROLMENT_REQUIRED = 'two_factor_enrolment_required';

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function twoFactorOpenApiSchemas() {
  return {
    SecondFactorChallenge: withExample(ZSecondFactorChallengeSchema, {
      second_factor_required: true,
      challenge: 'sfc_b1T9zQ0rX4m2LkP7wV5yN8cD3fH6jS1aE9uR0oI2gK4',
      methods: ['totp', 'recovery_code'],
      expires_at: '2025-03-04T09:15:00.000Z',
    }),
    VerifySecondFactor: withExample(ZVerifySecondFactorSchema, { challenge: 'sfc_b1T9zQ0rX4m2LkP7wV5yN8cD3fH6jS1aE9uR0oI2gK4', code: '492039' }),
    TwoFactorStatus: withExample(ZTwoFactorStatusSchema, {
      enabled: true,
      totp_enabled: true,
      totp_enabled_at: '2025-02-11T16:40:00.000Z',
      recovery_codes_left: 9,
      passkeys: 0,
      enrolment_required: false,
      required_by_agency: true,
    }),
    TotpEnrolment: withExample(ZTotpEnrolmentSchema, {
      enrolment: 'tfe_Qm3X8kP2vL9rT5wN1yB7cD4fH0jS6aE2uR8oI3gK5zV',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauth_uri: 'otpauth://totp/Northwind%20Growth:jordan%40agency.example?issuer=Northwind%20Growth&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
      qr_code: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
      issuer: 'Northwind Growth',
      account: 'jordan@agency.example',
      expires_at: '2025-03-04T09:20:00.000Z',
    }),
    RecoveryCodes: withExample(ZRecoveryCodesSchema, {
      detail: 'Two-factor authentication is on. Keep these recovery codes somewhere safe: each works once.',
      recovery_codes: ['7kq2-m9xd', 'p4vn-3hzc', 'w8rt-2jyb', 'e6fs-k5ma', 'c9dn-t7xq', 'h2gv-q8rw', 'm5bz-n3ek', 'y7xc-d4pt', 'r3hw-v6ns', 'f8ma-z2cj'],
    }),
    SecurityPolicy: withExample(ZSecurityPolicySchema, {
      require_staff_two_factor: true,
      staff_without_two_factor: 2,
      require_client_two_factor: false,
      client_logins_without_two_factor: 14,
      updated_at: '2025-03-01T12:00:00.000Z',
      updated_by: 'Maya Lopez',
    }),
  } satisfies TOpenApiSchemas;
}
