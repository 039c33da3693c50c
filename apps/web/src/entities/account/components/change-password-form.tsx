import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Button, Field, FormActions, FormError, PasswordInput, useToast } from '@/components/ui';
import { AUTH_ME_QUERY_KEY } from '@/lib/auth';
import { serverFieldErrors } from '@/lib/server-errors';
import { STORAGE_KEYS } from '@/lib/storage';
import { useChangePassword } from '../api/account.queries';
import { PASSWORD_CHANGED, PASSWORD_CHANGE_FAILED, ZChangePasswordForm, type TChangePasswordForm } from '../password-form';

const defaults: TChangePasswordForm = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Change Password, for staff (in a dialog) and for clients (on their Settings page). The API signs out every other
 * device and answers with a fresh token: it replaces the stored one so this session carries on.
 */
export function ChangePasswordForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const queryClient = useQueryClient();
  const { success } = useToast();
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TChangePasswordForm>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await change.mutateAsync({
        body: { current_password: values.current_password, new_password: values.new_password },
      });
      localStorage.setItem(STORAGE_KEYS.token, res.body.token);
      success(PASSWORD_CHANGED);
      reset(defaults);
      onDone?.();
      // password_changed_at moved.
      await queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields?.new_password) setError('new_password', { message: fields.new_password });
      setError('root', { message: PASSWORD_CHANGE_FAILED });
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change Password">
      <FormError message={errors.root?.message} />
      <Field label="Current password" error={errors.current_password?.message}>
        <PasswordInput toggleLabel="current password" autoComplete="current-password" {...register('current_password')} />
      </Field>
      <Field label="New password" hint="At least 8 characters." error={errors.new_password?.message}>
        <PasswordInput toggleLabel="new password" autoComplete="new-password" {...register('new_password')} />
      </Field>
      <Field label="Confirm new password" error={errors.confirm_password?.message}>
        <PasswordInput toggleLabel="confirm new password" autoComplete="new-password" {...register('confirm_password')} />
      </Field>
      {onCancel ? (
        <FormActions
          onCancel={() => {
            reset(defaults);
            onCancel();
          }}
          submitLabel="Change Password"
          loading={change.isPending}
        />
      ) : (
        <div className="flex justify-end">
          <Button type="submit" loading={change.isPending}>
            Change Password
          </Button>
        </div>
      )}
    </form>
  );
}
