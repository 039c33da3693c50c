import { PASSWORD_REQUIRED_MESSAGE, ZRecoveryCodeSchema, ZTotpCodeSchema } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Dialog, Field, FormActions, FormError, Input, PasswordInput, useToast } from '@/components/ui';
import { useDisableTotp, useRefreshTwoFactor, useRegenerateRecoveryCodes } from '../api/two-factor';
import { errorMessage, fieldError } from '../errors';
import { RecoveryCodes } from './recovery-codes';
import { TotpCodeInput } from './totp-code-input';

const ZCodeForm = z.object({ code: ZTotpCodeSchema });

/** New recovery codes for the old ones: a current code of the app, then the codes, shown once. */
export function RegenerateRecoveryCodesDialog({ open, onOpenChange, account }: { open: boolean; onOpenChange: (open: boolean) => void; account: string }) {
  const regenerate = useRegenerateRecoveryCodes();
  const refresh = useRefreshTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<z.input<typeof ZCodeForm>>({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });

  const close = (o: boolean) => {
    if (!o) {
      reset({ code: '' });
      setCodes(null);
    }
    onOpenChange(o);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await regenerate.mutateAsync({ body: values });
      setCodes(res.body.recovery_codes);
      void refresh.status();
    } catch (err) {
      const code = fieldError(err, 'code');
      if (code) setError('code', { message: code });
      else setError('root', { message: errorMessage(err, 'Could not make new recovery codes. Please try again.') });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={codes ? 'Your new recovery codes' : 'New recovery codes'}
      description={codes ? undefined : 'Your current recovery codes will stop working. Enter a code from your authenticator app to continue.'}
    >
      {codes ? (
        <RecoveryCodes codes={codes} account={account} onDone={() => close(false)} />
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="New recovery codes">
          <FormError message={errors.root?.message} />
          <Field label="Code from the app" error={errors.code?.message}>
            <TotpCodeInput autoFocus className="max-w-40" {...register('code')} />
          </Field>
          <FormActions onCancel={() => close(false)} submitLabel="Make new codes" loading={regenerate.isPending} />
        </form>
      )}
    </Dialog>
  );
}

const ZDisableForm = z.discriminatedUnion('method', [
  z.object({ method: z.literal('code'), password: z.string().min(1, PASSWORD_REQUIRED_MESSAGE), code: ZTotpCodeSchema }),
  z.object({ method: z.literal('recovery_code'), password: z.string().min(1, PASSWORD_REQUIRED_MESSAGE), recovery_code: ZRecoveryCodeSchema }),
]);
type TDisableForm = { method: 'code' | 'recovery_code'; password: string; code?: string; recovery_code?: string };

/** Turning the authenticator app off: the password and a current code (or a recovery code). */
export function DisableTotpDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const disable = useDisableTotp();
  const refresh = useRefreshTwoFactor();
  const { success } = useToast();
  const defaults: TDisableForm = { method: 'code', password: '', code: '', recovery_code: '' };
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    watch,
    clearErrors,
    formState: { errors },
  } = useForm<TDisableForm>({ resolver: zodResolver(ZDisableForm) as never, defaultValues: defaults });
  const method = watch('method');

  const close = (o: boolean) => {
    if (!o) reset(defaults);
    onOpenChange(o);
  };

  const onSubmit = handleSubmit(async (values) => {
    const body =
      values.method === 'code' ? { password: values.password, code: values.code ?? '' } : { password: values.password, recovery_code: values.recovery_code ?? '' };
    try {
      await disable.mutateAsync({ body });
      success('Two-factor authentication is off');
      close(false);
      await Promise.all([refresh.status(), refresh.user()]);
    } catch (err) {
      let onField = false;
      for (const field of ['password', 'code', 'recovery_code'] as const) {
        const message = fieldError(err, field);
        if (message) {
          setError(field, { message });
          onField = true;
        }
      }
      if (!onField) setError('root', { message: errorMessage(err, 'Could not turn two-factor authentication off. Please try again.') });
    }
  });

  const switchMethod = () => {
    clearErrors();
    setValue('method', method === 'code' ? 'recovery_code' : 'code');
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Turn off two-factor authentication"
      description="Signing in will ask only for your password. Your recovery codes stop working and your other devices are signed out."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Turn off two-factor authentication">
        <FormError message={errors.root?.message} />
        <Field label="Current password" error={errors.password?.message}>
          <PasswordInput toggleLabel="current password" autoComplete="current-password" {...register('password')} />
        </Field>
        {method === 'code' ? (
          <Field label="Code from the app" error={errors.code?.message}>
            <TotpCodeInput className="max-w-40" {...register('code')} />
          </Field>
        ) : (
          <Field label="Recovery code" error={errors.recovery_code?.message}>
            <Input autoComplete="off" placeholder="xxxx-xxxx" className="max-w-48 font-mono" {...register('recovery_code')} />
          </Field>
        )}
        <Button variant="ghost" size="sm" onClick={switchMethod}>
          {method === 'code' ? 'Use a recovery code instead' : 'Use a code from the app instead'}
        </Button>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={disable.isPending}>
            Turn off
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
