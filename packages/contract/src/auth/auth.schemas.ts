import { z } from 'zod';
import { DELETE_ACCOUNT_PHRASE, PASSWORD_MAX_BYTES, PASSWORD_MIN_LENGTH, ROLES, STAFF_ROLES, CLIENT_PERMISSIONS } from '../constants';
import { requiredEmail, requiredText } from '../shared/shared.schemas';
import { EMAIL_CHANGE_ELSEWHERE } from '../account/account.messages';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const PASSWORD_TOO_SHORT = 'Password must be at least 8 characters long';
export const PASSWORD_TOO_LONG =
  'Password is too long: at most 72 bytes (a letter or digit counts 1, an accented letter 2, an emoji 4)';
export const EMAIL_PASSWORD_REQUIRED = 'Email and password are required';
export const NAME_REQUIRED = 'Name is required for registration';
export const CONFIRM_PHRASE_MESSAGE = 'Please type "DELETE MY ACCOUNT" exactly to confirm';

export const ZRoleSchema = z.enum(ROLES);

export const ZUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** Whether the address was confirmed (a link opened from it); a new sign-up's is not until then. */
  email_verified: z.boolean(),
  username: z.string(),
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: ZRoleSchema,
  staff_role: z.enum(STAFF_ROLES).nullable().describe('What a staff account may do (owner, manager, read_only); null for clients'),
  company: z.string(),
  avatar: z.string().nullable(),
  /** The client record of a client user (its own login or a member of its team); null for admins. */
  client_id: z.number().int().nullable(),
  /** What a client user may do in the portal (full, content, billing); null for staff. */
  client_permission: z.enum(CLIENT_PERMISSIONS).nullable(),
  created_at: z.string(),
  password_changed_at: z.string(),
  /** Sign-in asks for a second factor (an authenticator app or a passkey) after the password. */
  two_factor_enabled: z.boolean(),
  /** The agency requires a second factor of its staff and this account has none: it can only set one up until it does. */
  two_factor_enrolment_required: z.boolean(),
});
export type TUser = z.infer<typeof ZUserSchema>;

export const ZAuthResponseSchema = z.object({ token: z.string(), user: ZUserSchema });
export type TAuthResponse = z.infer<typeof ZAuthResponseSchema>;

/** Sign-in and sign-up share one message for a missing e-mail or password (client-and-public 5). */
const email = requiredEmail(EMAIL_PASSWORD_REQUIRED);

/** Fits bcrypt: at most PASSWORD_MAX_BYTES bytes of UTF-8 (no more characters than bytes, so long strings stop early). */
const fitsBcrypt = (v: string) => v.length <= PASSWORD_MAX_BYTES && new TextEncoder().encode(v).length <= PASSWORD_MAX_BYTES;

/**
 * Every password a user chooses (sign-up, change, and any reset or admin-made account to come): at least
 * PASSWORD_MIN_LENGTH characters and at most PASSWORD_MAX_BYTES bytes. Signing in checks neither, so a password
 * set before these rules still works.
 */
export const newPassword = (base: z.ZodString = z.string()) =>
  base.min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).refine(fitsBcrypt, PASSWORD_TOO_LONG);

export const ZLoginSchema = z.object({
  email,
  password: z.string({ required_error: EMAIL_PASSWORD_REQUIRED }).min(1, EMAIL_PASSWORD_REQUIRED).max(200),
});
export type TLogin = z.infer<typeof ZLoginSchema>;

export const ZRegisterSchema = z.object({
  email,
  password: newPassword(z.string({ required_error: EMAIL_PASSWORD_REQUIRED }).min(1, EMAIL_PASSWORD_REQUIRED)),
  name: z.string({ required_error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(150),
  role: ZRoleSchema.default('client'),
  company: z.string().trim().max(200).optional().default(''),
  /** The agency's invite code; needed to register as admin, except for the first admin of an empty database. */
  admin_code: z.string().max(200).optional(),
});
export type TRegister = z.input<typeof ZRegisterSchema>;

/**
 * The profile form (admin-and-foundations 5: first name, last name required), each with its own message. The e-mail
 * is not changed here but through Change email (a link confirms the new address).
 */
export const ZUpdateProfileSchema = z.object({
  first_name: requiredText('First name is required', 150),
  last_name: requiredText('Last name is required', 150),
  company: z.string().trim().max(200).optional(),
});
export type TUpdateProfile = z.infer<typeof ZUpdateProfileSchema>;

/** PATCH /auth/me/: any of the profile's fields; an `email` is refused with a pointer to Change email. */
export const ZUpdateMeSchema = ZUpdateProfileSchema.partial().extend({
  email: z
    .unknown()
    .refine((v) => v === undefined, { message: EMAIL_CHANGE_ELSEWHERE })
    .optional()
    .describe('Not accepted: the address changes through POST /api/auth/email/change/'),
});

export const ZChangePasswordSchema = z.object({
  current_password: z.string().min(1, 'Current password is required').max(200),
  new_password: newPassword(),
});
export type TChangePassword = z.infer<typeof ZChangePasswordSchema>;

export const ZDeleteAccountSchema = z.object({
  confirmation: z.literal(DELETE_ACCOUNT_PHRASE, {
    errorMap: () => ({ message: CONFIRM_PHRASE_MESSAGE }),
  }),
});

/** Everything the product holds about the signed-in user, as a download. */
export const ZDataExportSchema = z.object({
  exported_at: z.string(),
  user: ZUserSchema,
  data: z.record(z.array(z.record(z.unknown()))),
});

/** The demo accounts the sign-in page shows while demo data is present. */
export const ZDemoLoginSchema = z.object({
  role: z.enum(ROLES),
  email: z.string(),
  password: z.string().optional().describe('Only on a development start; a production server never sends a password'),
});
export type TDemoLogin = z.infer<typeof ZDemoLoginSchema>;
export const ZDemoLoginsSchema = z.object({ logins: z.array(ZDemoLoginSchema) });
export type TDemoLogins = z.infer<typeof ZDemoLoginsSchema>;

/**
 * An invite's one-time sign-in link carries `inv_` and 43 base64url characters in the URL fragment of
 * INVITE_PAGE_PATH (never in a query, so no log or Referer holds it); the page posts it in a body.
 */
export const INVITE_TOKEN_PATTERN = /^inv_[A-Za-z0-9_-]{43}$/;
const inviteToken = z.string().trim().min(1, 'This invite link is not valid.').max(100);

export const ZInviteTokenSchema = z.object({ token: inviteToken });
/** What an invite link opens on: who is invited, to what, by whom. */
export const ZInviteViewSchema = z.object({
  email: z.string(),
  name: z.string(),
  agency: z.string(),
  /** What the account will be: a staff role's label (Owner, Manager, Read-only). */
  role_label: z.string(),
  expires_at: z.string(),
});
export type TInviteView = z.infer<typeof ZInviteViewSchema>;

/** Accepting an invite: the link's token and the password the invitee chooses; answers a signed-in session. */
export const ZAcceptInviteSchema = z.object({
  token: inviteToken,
  password: newPassword(z.string({ required_error: 'Choose a password' }).min(1, 'Choose a password')),
});
export type TAcceptInvite = z.infer<typeof ZAcceptInviteSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function authOpenApiSchemas() {
  const user = withExample(ZUserSchema, {
    id: 7,
    email: 'maya.lopez@northwind.example',
    email_verified: true,
    username: 'maya.lopez@northwind.example',
    name: 'Maya Lopez',
    first_name: 'Maya',
    last_name: 'Lopez',
    role: 'client',
    staff_role: null,
    company: 'Northwind Coffee',
    avatar: null,
    client_id: 12,
    client_permission: 'full',
    created_at: '2025-01-14T10:02:11.000Z',
    password_changed_at: '2025-01-14T10:02:11.000Z',
    two_factor_enabled: false,
    two_factor_enrolment_required: false,
  });
  const inviteTokenValue = 'inv_2mW9xQ4bT7cLp0aZr8sN1vY6kJ3hF5dG9eU2iO4wB7q';
  return {
    User: user,
    AuthResponse: withExample(ZAuthResponseSchema, {
      token: '3f9c1e0b7d2a4c58a1e6b0d9c4f7a2e1b8d3c6f9a0e5b2d7c4f1a8e3b6d9c2f5',
      user: user.example,
    }),
    Login: withExample(ZLoginSchema, { email: 'maya.lopez@northwind.example', password: 'spring-blend-2025' }),
    Register: withExample(ZRegisterSchema, {
      email: 'maya.lopez@northwind.example',
      password: 'spring-blend-2025',
      name: 'Maya Lopez',
      role: 'client',
      company: 'Northwind Coffee',
    }),
    ChangePassword: withExample(ZChangePasswordSchema, {
      current_password: 'spring-blend-2025',
      new_password: 'summer-roast-2025',
    }),
    DemoLogin: withExample(ZDemoLoginSchema, { role: 'admin', email: 'admin@demo.example', password: 'demo-admin-pass' }),
    DemoLogins: withExample(ZDemoLoginsSchema, {
      logins: [
        { role: 'admin', email: 'admin@demo.example', password: 'demo-admin-pass' },
        { role: 'client', email: 'client@demo.example', password: 'demo-client-pass' },
      ],
    }),
    InviteToken: withExample(ZInviteTokenSchema, { token: inviteTokenValue }),
    InviteView: withExample(ZInviteViewSchema, {
      email: 'jordan@agency.example',
      name: 'Jordan Lee',
      agency: 'Northwind Growth',
      role_label: 'Manager',
      expires_at: '2025-03-11T09:00:00.000Z',
    }),
    AcceptInvite: withExample(ZAcceptInviteSchema, { token: inviteTokenValue, password: 'a-long-passphrase' }),
    Role: withExample(ZRoleSchema, 'admin'),
  } satisfies TOpenApiSchemas;
}
