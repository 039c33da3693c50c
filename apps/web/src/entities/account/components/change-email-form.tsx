import { EMAIL_CHANGE_LINK_HOURS, ZRequestEmailChangeSchema, type TRequestEmailChange } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, FormError, Input, PasswordInput, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useRequestEmailChange } from '../api/email';

export const CHANGE_EMAIL_FAILED = 'The change could not be requested. Check your connection and try again.';

/**
 * Change email (every user): the new address and the current password. Nothing changes until the link sent to the
 * new address is opened; the form then says where the link went. Errors sit on their fields (a wrong password, a
 * taken address). Used by the staff's Settings → Profile and the client portal's settings.
 */
export function ChangeEmailForm({ currentEmail, onSent }: { currentEmail: string; onSent?: (newEmail: string) => void }) {
  const request = useRequestEmailChange();
  const toast = useToast();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TRequestEmailChange>({ resolver: zodResolver(ZRequestEmailChangeSchema), defaultValues: { new_email: '', current_password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await request.mutateAsync({ body: values });
      setSentTo(res.body.email);
      reset({ new_email: '', current_password: '' });
      toast.success(`Confirmation link sent to ${res.body.email}`);
      onSent?.(res.body.email);
    } catch (err) {
      const fields = serverFieldErrors(err);
      let placed = false;
      for (const name of ['new_email', 'current_password'] as const) {
        if (fields?.[name]) {
          setError(name, { type: 'server', message: fields[name] }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) {
        const status = (err as { status?: unknown } | null)?.status;
        setError('root', { message: typeof status === 'number' && status < 500 ? errorMessage(err, CHANGE_EMAIL_FAILED) : CHANGE_EMAIL_FAILED });
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Change email">
      <FormError message={errors.root?.message} />
      {sentTo && (
        <p role="status" data-testid="change-email-sent" className="flex gap-2 rounded-md border border-success-600/30 bg-success-50 px-3 py-2 text-sm text-fg">
          <MailCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-700" />
          <span>
            We sent a link to <strong className="break-all">{sentTo}</strong>. Open it within {EMAIL_CHANGE_LINK_HOURS} hours to confirm the change;
            until then your address stays <span className="break-all">{currentEmail}</span>.
          </span>
        </p>
      )}
      <Field label="New email" error={errors.new_email?.message} hint="We send a link to this address to confirm it is yours.">
        <Input type="email" autoComplete="email" {...register('new_email')} />
      </Field>
      <Field label="Current password" error={errors.current_password?.message}>
        <PasswordInput toggleLabel="current password" autoComplete="current-password" {...register('current_password')} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={isSubmitting}>
          Send confirmation link
        </Button>
      </div>
    </form>
  );
}
