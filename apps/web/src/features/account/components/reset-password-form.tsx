import { PASSWORD_MIN_LENGTH, ZResetPasswordSchema } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Field, FormError, PasswordInput } from '@/components/ui';
import { serverFieldErrors } from '@/lib/server-errors';
import { useResetPassword } from '../api/account.queries';
import { linkStepFailure } from './account-link';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
const RESET_FAILED = 'Your new password could not be saved. Check your connection and try again.';

/** The contract's password rule (the same as sign-up's) and a confirmation that must match. */
const ZNewPasswordForm = z
  .object({ new_password: ZResetPasswordSchema.shape.new_password, confirm_password: z.string() })
  .superRefine((v, ctx) => {
    if (v.new_password !== v.confirm_password) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirm_password'], message: PASSWORDS_DO_NOT_MATCH });
  });
type TNewPasswordForm = z.infer<typeof ZNewPasswordForm>;

/**
 * A new password with a reset link. Done: `onDone` with the API's words (every session ended; sign in). A link used
 * or expired meanwhile goes to `onRefused` with the API's reason.
 */
export function ResetPasswordForm({
  token,
  email,
  onDone,
  onRefused,
}: {
  token: string;
  email: string;
  onDone: (detail: string) => void;
  onRefused: (reason: string) => void;
}) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TNewPasswordForm>({ resolver: zodResolver(ZNewPasswordForm), defaultValues: { new_password: '', confirm_password: '' } });

  const onSubmit = handleSubmit(async ({ new_password }) => {
    try {
      const res = await reset.mutateAsync({ body: { token, new_password } });
      onDone(res.body.detail);
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields?.new_password) return setError('new_password', { type: 'server', message: fields.new_password }, { shouldFocus: true });
      const message = linkStepFailure(err, RESET_FAILED, onRefused);
      if (message) setError('root', { message });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Choose a new password">
      <FormError message={errors.root?.message} />
      {/* The account's e-mail, for password managers to save the new password with. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <Field label="New password" hint={`At least ${PASSWORD_MIN_LENGTH} characters.`} error={errors.new_password?.message}>
        <PasswordInput toggleLabel="new password" autoComplete="new-password" {...register('new_password')} />
      </Field>
      <Field label="Confirm new password" error={errors.confirm_password?.message}>
        <PasswordInput toggleLabel="confirm new password" autoComplete="new-password" {...register('confirm_password')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Set new password
      </Button>
    </form>
  );
}
