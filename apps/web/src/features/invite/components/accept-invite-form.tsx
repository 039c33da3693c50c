import { DASHBOARD_PATH, PASSWORD_MIN_LENGTH, ZAcceptInviteSchema, type TInviteView } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { Button, Field, FormError, PasswordInput, useToast } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { isRefusedInvite, useAcceptInvite } from '../api/invite.queries';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_RULES = `At least ${PASSWORD_MIN_LENGTH} characters.`;
const ACCEPT_FAILED = 'Your password could not be saved. Check your connection and try again.';

/** The contract's password rule (ZAcceptInviteSchema) and a confirmation that must match. */
const ZWelcomeForm = z
  .object({ password: ZAcceptInviteSchema.shape.password, confirm_password: z.string() })
  .superRefine((v, ctx) => {
    if (v.password !== v.confirm_password) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['confirm_password'], message: PASSWORDS_DO_NOT_MATCH });
    }
  });
type TWelcomeForm = z.infer<typeof ZWelcomeForm>;

/**
 * Choose a password, then "Accept invite & sign in": POST /api/auth/invites/accept/ answers a session as signing in
 * does; it is stored and started as login does and the dashboard opens. A link refused meanwhile (used, expired)
 * is handed to `onRefused` with the API's reason.
 */
export function AcceptInviteForm({ token, invite, onRefused }: { token: string; invite: TInviteView; onRefused: (reason: string) => void }) {
  const accept = useAcceptInvite();
  const { startSession } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TWelcomeForm>({ resolver: zodResolver(ZWelcomeForm), defaultValues: { password: '', confirm_password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    let answer;
    try {
      answer = await accept.mutateAsync({ body: { token, password } });
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields?.password) {
        setError('password', { type: 'server', message: fields.password }, { shouldFocus: true });
      } else if (isRefusedInvite(err)) {
        onRefused(errorMessage(err, 'This invite link is not valid.'));
      } else {
        const status = (err as { status?: unknown } | null)?.status;
        setError('root', { message: typeof status === 'number' && status < 500 ? errorMessage(err, ACCEPT_FAILED) : ACCEPT_FAILED });
      }
      return;
    }
    try {
      startSession(answer.body);
    } catch (err) {
      setError('root', { message: errorMessage(err, ACCEPT_FAILED) });
      return;
    }
    toast.success(`Welcome to ${invite.agency}`);
    navigate(DASHBOARD_PATH, { replace: true });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Accept invite">
      <FormError message={errors.root?.message} />
      {/* The account's e-mail, for password managers to save the new password with. */}
      <input type="email" name="username" autoComplete="username" value={invite.email} readOnly hidden />
      <Field label="Password" hint={PASSWORD_RULES} error={errors.password?.message}>
        <PasswordInput toggleLabel="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Confirm password" error={errors.confirm_password?.message}>
        <PasswordInput toggleLabel="confirm password" autoComplete="new-password" {...register('confirm_password')} />
      </Field>
      <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
        Accept invite &amp; sign in
      </Button>
    </form>
  );
}
