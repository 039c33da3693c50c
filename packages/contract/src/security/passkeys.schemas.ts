import { z } from 'zod';
import { withExample, type TOpenApiSchemas } from '../openapi/example';
import { opaqueToken, ZCurrentPasswordSchema } from './security-fields';

/**
 * Passkeys (WebAuthn, issue 28): a user registers several, names them, removes them; a passkey finishes a sign-in
 * after the password (the second factor), or signs in alone (password-less: a discoverable credential with user
 * verification). The browser side is @simplewebauthn/browser: the options go to startRegistration /
 * startAuthentication, and what they answer comes back as `response`.
 */

/** How long a registration or a password-less sign-in waits for the browser's answer. */
export const PASSKEY_CEREMONY_TTL_SECONDS = 5 * 60;
export const PASSKEY_NAME_MAX = 100;
export const PASSKEY_NAME_MESSAGE = 'Give the passkey a name of 1 to 100 characters';

export const ZPasskeyNameSchema = z
  .string({ required_error: PASSKEY_NAME_MESSAGE, invalid_type_error: PASSKEY_NAME_MESSAGE })
  .trim()
  .min(1, PASSKEY_NAME_MESSAGE)
  .max(PASSKEY_NAME_MAX, PASSKEY_NAME_MESSAGE);

export const ZPasskeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** 'multiDevice': synced (iCloud Keychain, Google Password Manager); 'singleDevice': bound to one authenticator. */
  device_type: z.string().nullable(),
  backed_up: z.boolean(),
  transports: z.array(z.string()),
});
export type TPasskey = z.infer<typeof ZPasskeySchema>;

/** WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON / …RequestOptionsJSON), as JSON. */
const ZWebauthnOptions = z.record(z.unknown()).describe('Pass to @simplewebauthn/browser startRegistration / startAuthentication as optionsJSON');

/** What the browser's authenticator answered (RegistrationResponseJSON / AuthenticationResponseJSON). */
export const ZWebauthnResponseSchema = z
  .object(
    {
      id: z.string().min(1).max(1024),
      rawId: z.string().min(1).max(1024),
      type: z.literal('public-key'),
      response: z.record(z.unknown()),
      clientExtensionResults: z.record(z.unknown()).default({}),
      authenticatorAttachment: z.string().optional(),
    },
    { required_error: 'The passkey did not answer.', invalid_type_error: 'The passkey did not answer.' },
  )
  .passthrough();

/** Adding a passkey starts with the current password. */
export const ZStartPasskeyRegistrationSchema = z.object({ password: ZCurrentPasswordSchema });
export type TStartPasskeyRegistration = z.infer<typeof ZStartPasskeyRegistrationSchema>;

export const ZPasskeyRegistrationOptionsSchema = z.object({
  registration: z.string().describe('Opaque, single use; send it back with the browser’s answer'),
  options: ZWebauthnOptions,
  expires_at: z.string(),
});
export type TPasskeyRegistrationOptions = z.infer<typeof ZPasskeyRegistrationOptionsSchema>;

export const ZFinishPasskeyRegistrationSchema = z.object({
  registration: opaqueToken('registration'),
  name: ZPasskeyNameSchema.optional(),
  response: ZWebauthnResponseSchema,
});
export type TFinishPasskeyRegistration = z.input<typeof ZFinishPasskeyRegistrationSchema>;

export const ZRenamePasskeySchema = z.object({ name: ZPasskeyNameSchema });
export type TRenamePasskey = z.infer<typeof ZRenamePasskeySchema>;

/** Removing a passkey asks for the current password. */
export const ZRemovePasskeySchema = z.object({ password: ZCurrentPasswordSchema });
export type TRemovePasskey = z.infer<typeof ZRemovePasskeySchema>;

/** A password-less sign-in: options for any passkey of this site (discoverable), with user verification. */
export const ZPasskeySignInOptionsSchema = z.object({
  challenge: z.string().describe('Opaque, single use; send it back with the browser’s answer'),
  options: ZWebauthnOptions,
  expires_at: z.string(),
});
export type TPasskeySignInOptions = z.infer<typeof ZPasskeySignInOptionsSchema>;

export const ZPasskeySignInSchema = z.object({ challenge: opaqueToken('sign-in challenge'), response: ZWebauthnResponseSchema });
export type TPasskeySignIn = z.input<typeof ZPasskeySignInSchema>;

/** The second step with a passkey: first its options (for the passkeys of the account), then the answer. */
export const ZSecondFactorPasskeyOptionsRequestSchema = z.object({ challenge: opaqueToken('sign-in challenge') });
export const ZSecondFactorPasskeyOptionsSchema = z.object({ options: ZWebauthnOptions });
export type TSecondFactorPasskeyOptions = z.infer<typeof ZSecondFactorPasskeyOptionsSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function passkeysOpenApiSchemas() {
  return {
    Passkey: withExample(ZPasskeySchema, {
      id: 7,
      name: 'MacBook Touch ID',
      created_at: '2025-03-01T08:12:00.000Z',
      last_used_at: '2025-03-04T09:10:00.000Z',
      device_type: 'multiDevice',
      backed_up: true,
      transports: ['internal', 'hybrid'],
    }),
  } satisfies TOpenApiSchemas;
}
