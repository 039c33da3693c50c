import { z } from 'zod';
import { newPassword } from '../auth/auth.schemas';
import { requiredEmail } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

/*
 * One-time account links sent by e-mail (issue 28): reset a forgotten password, confirm an address (a sign-up's, or
 * the new one of an e-mail change), and undo an e-mail change from the old address. The token travels in the
 * link's URL fragment (`/reset-password#token=pwr_…`), never in a query, so no log or Referer holds it; the pages
 * post it in a body. Only its SHA-256 is stored.
 */

export const ACCOUNT_LINK_PURPOSES = ['password_reset', 'email_verify', 'email_change', 'email_change_undo'] as const;
export type TAccountLinkPurpose = (typeof ACCOUNT_LINK_PURPOSES)[number];

/** The mark each kind of link's token starts with (then 43 base64url characters: 32 random bytes). */
export const ACCOUNT_LINK_MARKS = {
  password_reset: 'pwr_',
  email_verify: 'evf_',
  email_change: 'emc_',
  email_change_undo: 'emu_',
} as const satisfies Record<TAccountLinkPurpose, string>;

/** Any account link's token: a purpose's mark and 43 base64url characters. */
export const ACCOUNT_LINK_TOKEN_PATTERN = /^(pwr|evf|emc|emu)_[A-Za-z0-9_-]{43}$/;

/** How long each link works. */
export const PASSWORD_RESET_LINK_MINUTES = 60;
export const EMAIL_CHANGE_LINK_HOURS = 24;
export const EMAIL_VERIFY_LINK_DAYS = 7;
export const EMAIL_CHANGE_UNDO_DAYS = 7;

/** Requests of a reset link per client IP, and per e-mail address (from anywhere), per hour. */
export const PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR = 20;
export const PASSWORD_RESET_REQUESTS_PER_EMAIL_PER_HOUR = 5;
/** Confirmation e-mails a signed-in user may ask again per hour. */
export const EMAIL_VERIFY_RESENDS_PER_HOUR = 5;
/** E-mail change requests per signed-in user per hour (each checks the password and sends a mail). */
export const EMAIL_CHANGE_REQUESTS_PER_HOUR = 10;
/** Opens and uses of account links per client IP per 10 minutes, per route (a token cannot be guessed; this keeps it so). */
export const ACCOUNT_LINK_ATTEMPTS_PER_10_MIN = 30;

/** What a reset request answers, whether or not an account has that address. */
export const PASSWORD_RESET_REQUESTED = "If an account exists for that address, we've sent a link to reset its password. The link works once, for 1 hour.";
export const PASSWORD_RESET_DONE = 'Your password was changed and every session was signed out. Sign in with your new password.';
export const EMAIL_VERIFIED = 'Your e-mail address is confirmed.';
export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';
export const EMAIL_VERIFY_SENT = 'We sent a new confirmation link. It works for 7 days.';
export { EMAIL_CHANGE_ELSEWHERE } from './account.messages';

/** A link's token as the pages post it (its shape is checked by the server, which says why a link cannot be used). */
const linkToken = z
  .string({ required_error: 'This link is not valid.' })
  .trim()
  .min(1, 'This link is not valid.')
  .max(100)
  .describe('The token after #token= in the e-mailed link (pwr_, evf_, emc_ or emu_ and 43 characters)');

export const ZAccountLinkTokenSchema = z.object({ token: linkToken });
export type TAccountLinkToken = z.infer<typeof ZAccountLinkTokenSchema>;

/** What a link opens on: what it does, for which address, until when. */
export const ZAccountLinkViewSchema = z.object({
  purpose: z.enum(ACCOUNT_LINK_PURPOSES),
  /** The account's address (reset, confirm), the new address (e-mail change) or the address to put back (undo). */
  email: z.string(),
  expires_at: z.string(),
});
export type TAccountLinkView = z.infer<typeof ZAccountLinkViewSchema>;

export const ZRequestPasswordResetSchema = z.object({
  email: requiredEmail('Enter the email address of your account'),
});
export type TRequestPasswordReset = z.infer<typeof ZRequestPasswordResetSchema>;

/** The same rules as every password a user chooses (sign-up, change). */
export const ZResetPasswordSchema = z.object({
  token: linkToken,
  new_password: newPassword(z.string({ required_error: 'Choose a new password' }).min(1, 'Choose a new password')),
});
export type TResetPassword = z.infer<typeof ZResetPasswordSchema>;

export const ZRequestEmailChangeSchema = z.object({
  new_email: requiredEmail('Enter the new email address'),
  current_password: z.string({ required_error: 'Current password is required' }).min(1, 'Current password is required').max(200),
});
export type TRequestEmailChange = z.infer<typeof ZRequestEmailChangeSchema>;

/** A done step of the account links: what happened, in words, and the address it concerns. */
export const ZAccountLinkAnswerSchema = z.object({ detail: z.string(), email: z.string() });
export type TAccountLinkAnswer = z.infer<typeof ZAccountLinkAnswerSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function accountOpenApiSchemas() {
  const token = `pwr_${'Q4bT7cLp0aZr8sN1vY6kJ3hF5dG9eU2iO4wB7q2mW9x'}`;
  return {
    AccountLinkToken: withExample(ZAccountLinkTokenSchema, { token }),
    AccountLinkView: withExample(ZAccountLinkViewSchema, {
      purpose: 'password_reset',
      email: 'maya.lopez@northwind.example',
      expires_at: '2025-03-11T10:00:00.000Z',
    }),
    RequestPasswordReset: withExample(ZRequestPasswordResetSchema, { email: 'maya.lopez@northwind.example' }),
    ResetPassword: withExample(ZResetPasswordSchema, { token, new_password: 'autumn-harvest-2025' }),
    RequestEmailChange: withExample(ZRequestEmailChangeSchema, { new_email: 'maya@northwind.example', current_password: 'spring-blend-2025' }),
    AccountLinkAnswer: withExample(ZAccountLinkAnswerSchema, { detail: EMAIL_VERIFIED, email: 'maya.lopez@northwind.example' }),
  } satisfies TOpenApiSchemas;
}
