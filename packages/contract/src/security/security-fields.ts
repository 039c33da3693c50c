import { z } from 'zod';

/** Fields the second-factor and passkey inputs share (not exported from the package on their own). */

export const PASSWORD_REQUIRED_MESSAGE = 'Enter your current password';

/** The current password, asked again before a security change (adding or removing a second factor). */
export const ZCurrentPasswordSchema = z.string({ required_error: PASSWORD_REQUIRED_MESSAGE }).min(1, PASSWORD_REQUIRED_MESSAGE).max(200);

/** An opaque token the API handed out (a sign-in challenge, an enrolment, a passkey registration). */
export const opaqueToken = (what: string) =>
  z.string({ required_error: `The ${what} is missing.` }).trim().min(1, `The ${what} is missing.`).max(200);
