import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Dialog, Field, FormActions, FormError, PasswordInput, useToast } from '@/components/ui';
import { AUTH_ME_QUERY_KEY } from '@/lib/auth';
import { STORAGE_KEYS } from '@/lib/storage';
import { useChangePassword } from '../api/settings.queries';
import { PASSWORD_CHANGED, PASSWORD_CHANGE_FAILED, ZChangePasswordForm, type TChangePasswordForm } from '../password-form';
import { fieldErrorsOf } from '../server-errors';

const defaults: TChangePasswordForm = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Change Password. The API revokes every other token and answers with a fresh one: it replaces the stored
 * token so this session carries on.
 */
export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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

  const close = (o: boolean) => {
    if (!o) reset(defaults);
    onOpenChange(o);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await change.mutateAsync({
        body: { current_password: values.current_password, new_password: values.new_password },
      });
      localStorage.setItem(STORAGE_KEYS.token, res.body.token);
      success(PASSWORD_CHANGED);
      close(false);
      // password_changed_at moved.
      await queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
    } catch (err) {
      const fields = fieldErrorsOf(err, ['current_password', 'new_password']);
      if (fields.new_password) setError('new_password', { message: fields.new_password });
      setError('root', { message: PASSWORD_CHANGE_FAILED });
    }
  });

  return (
    <Dialog open={open} onOpenChange={close} title="Change Password" description="Other signed-in devices will be signed out.">
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
        <FormActions onCancel={() => close(false)} submitLabel="Change Password" loading={change.isPending} />
      </form>
    </Dialog>
  );
}
