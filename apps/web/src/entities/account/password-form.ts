import { PASSWORD_TOO_SHORT, ZChangePasswordSchema } from '@agency/contract';
import { z } from 'zod';

export const PASSWORDS_DO_NOT_MATCH = 'New passwords do not match';
export const PASSWORD_CHANGED = 'Password changed successfully';
export const PASSWORD_CHANGE_FAILED = 'Failed to change password. Please check your current password.';

/** The Change Password modal: the API's body plus a confirmation that must match (spec 5). */
export const ZChangePasswordForm = ZChangePasswordSchema.extend({
  confirm_password: z.string(),
}).superRefine((v, ctx) => {
  if (v.new_password !== v.confirm_password) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirm_password'], message: PASSWORDS_DO_NOT_MATCH });
  }
});
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

export { PASSWORD_TOO_SHORT };
