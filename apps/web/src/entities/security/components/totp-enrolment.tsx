import { ZStartTotpEnrolmentSchema, ZTotpCodeSchema, type TStartTotpEnrolment, type TTotpEnrolment } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Field, FormError, PasswordInput } from '@/components/ui';
import { errorMessage, fieldError } from '../errors';
import { useConfirmTotpEnrolment, useRefreshTwoFactor, useStartTotpEnrolment } from '../api/two-factor';
import { RecoveryCodes } from './recovery-codes';
import { TotpCodeInput } from './totp-code-input';

const ZCodeForm = z.object({ code: ZTotpCodeSchema });
type TCodeForm = z.input<typeof ZCodeForm>;

/** The secret in groups of four, as apps ask for it typed. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

type Step = { kind: 'password' } | { kind: 'scan'; enrolment: TTotpEnrolment } | { kind: 'codes'; codes: string[]; account: string };

export interface TotpEnrolmentProps {
  /** After the recovery codes were saved (the app is on from the moment the code checked). */
  onDone: () => void;
  onCancel?: () => void;
}

/**
 * Setting up an authenticator app, in three steps: the current password; the QR code (and the secret as text) with
 * the first code; the recovery codes, shown once.
 */
export function TotpEnrolment({ onDone, onCancel }: TotpEnrolmentProps) {
  const [step, setStep] = useState<Step>({ kind: 'password' });
  if (step.kind === 'password') return <PasswordStep onCancel={onCancel} onStarted={(enrolment) => setStep({ kind: 'scan', enrolment })} />;
  if (step.kind === 'scan') {
    return (
      <ScanStep
        enrolment={step.enrolment}
        onCancel={onCancel}
        onRestart={() => setStep({ kind: 'password' })}
        onEnabled={(codes) => setStep({ kind: 'codes', codes, account: step.enrolment.account })}
      />
    );
  }
  return <RecoveryCodes codes={step.codes} account={step.account} onDone={onDone} />;
}

function PasswordStep({ onStarted, onCancel }: { onStarted: (e: TTotpEnrolment) => void; onCancel?: (() => void) | undefined }) {
  const start = useStartTotpEnrolment();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TStartTotpEnrolment>({ resolver: zodResolver(ZStartTotpEnrolmentSchema), defaultValues: { password: '' } });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await start.mutateAsync({ body: values });
      onStarted(res.body);
    } catch (err) {
      const password = fieldError(err, 'password');
      if (password) setError('password', { message: password });
      else setError('root', { message: errorMessage(err, 'Could not start the setup. Please try again.') });
    }
  });
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Confirm your password">
      <p className="text-sm text-fg-muted">First confirm it is you. You will then scan a QR code with an authenticator app such as Google Authenticator, Microsoft Authenticator or 1Password.</p>
      <FormError message={errors.root?.message} />
      <Field label="Current password" error={errors.password?.message}>
        <PasswordInput toggleLabel="current password" autoComplete="current-password" autoFocus {...register('password')} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={start.isPending}>
          Continue
        </Button>
      </div>
    </form>
  );
}

function ScanStep({
  enrolment,
  onEnabled,
  onRestart,
  onCancel,
}: {
  enrolment: TTotpEnrolment;
  onEnabled: (codes: string[]) => void;
  onRestart: () => void;
  onCancel?: (() => void) | undefined;
}) {
  const confirm = useConfirmTotpEnrolment();
  const refresh = useRefreshTwoFactor();
  const [expired, setExpired] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TCodeForm>({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await confirm.mutateAsync({ body: { enrolment: enrolment.enrolment, code: values.code } });
      void refresh.status();
      onEnabled(res.body.recovery_codes);
    } catch (err) {
      const expiredMessage = fieldError(err, 'enrolment');
      const code = fieldError(err, 'code');
      if (expiredMessage) setExpired(expiredMessage);
      else if (code) setError('code', { message: code });
      else setError('root', { message: errorMessage(err, 'Could not check the code. Please try again.') });
    }
  });

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      setCopied(true);
    } catch {
      /* the key stays selectable by hand */
    }
  };

  if (expired) {
    return (
      <div className="space-y-4">
        <FormError message={expired} />
        <div className="flex justify-end">
          <Button onClick={onRestart}>Start again</Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Set up your authenticator app">
      <ol className="space-y-5 text-sm text-fg">
        <li className="space-y-3">
          <p>
            <span className="font-medium">1. Scan this QR code</span> with your authenticator app.
          </p>
          <img src={enrolment.qr_code} alt="QR code to add this account to your authenticator app" width={176} height={176} className="h-44 w-44 rounded-md border border-border bg-white" />
        </li>
        <li className="space-y-2">
          <p>
            <span className="font-medium">Can’t scan it?</span> Enter this key in the app instead (time-based, 6 digits).
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="totp-secret" className="rounded-md border border-border bg-subtle px-3 py-2 font-mono text-sm break-all text-fg select-all">
              {groupedSecret(enrolment.secret)}
            </code>
            <Button variant="ghost" size="sm" onClick={() => void copySecret()} aria-label="Copy the key">
              {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
              {copied ? 'Copied' : 'Copy'}
            </Button>
          </div>
          <p className="text-xs text-fg-muted">
            Account: {enrolment.account} · Issuer: {enrolment.issuer}
          </p>
        </li>
        <li className="space-y-2">
          <p className="font-medium">2. Enter the 6-digit code the app shows</p>
          <FormError message={errors.root?.message} />
          <Field label="Code from the app" error={errors.code?.message}>
            <TotpCodeInput className="max-w-40" {...register('code')} />
          </Field>
        </li>
      </ol>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={confirm.isPending}>
          Turn on
        </Button>
      </div>
    </form>
  );
}
