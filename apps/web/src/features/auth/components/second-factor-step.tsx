import { ZRecoveryCodeSchema, ZTotpCodeSchema, type TSecondFactorChallenge } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Field, Input } from '@/components/ui';
import { PasskeySecondFactorButton, TotpCodeInput } from '@/entities/security';
import { useAuth } from '@/lib/auth';
import { serverFieldErrors } from '@/lib/server-errors';
import { tsr } from '@/lib/tsr';
import { FormError } from './form-error';

const ZCodeForm = z.object({ value: ZTotpCodeSchema });
const ZRecoveryForm = z.object({ value: ZRecoveryCodeSchema });
type TForm = { value: string };

export const SECOND_STEP_FAILED = 'Could not check the code. Please try again.';

/** The step's heading, and what to do (`children`): use the passkey, or type a code. */
function SecondFactorHeading({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
        <ShieldCheck aria-hidden className="h-5 w-5" />
      </span>
      <div>
        <h2 className="font-semibold text-fg">Two-factor authentication</h2>
        <p className="text-sm text-fg-muted">{children}</p>
      </div>
    </div>
  );
}

/**
 * The second step of signing in: a code of the authenticator app (or a recovery code) for the challenge the password
 * step answered. A dead challenge (expired, used, too many wrong codes) offers to sign in again.
 */
export function SecondFactorStep({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: TSecondFactorChallenge;
  onSignedIn: () => void;
  /** Back to the password (the challenge is dead or the person wants out). */
  onRestart: () => void;
}) {
  const { startSession } = useAuth();
  const [useRecovery, setUseRecovery] = useState(false);
  const [dead, setDead] = useState<string | null>(null);
  const canUseRecovery = challenge.methods.includes('recovery_code');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TForm>({ resolver: zodResolver(useRecovery ? ZRecoveryForm : ZCodeForm), defaultValues: { value: '' } });

  const onSubmit = handleSubmit(async ({ value }) => {
    const body = useRecovery ? { challenge: challenge.challenge, recovery_code: value } : { challenge: challenge.challenge, code: value };
    let res;
    try {
      res = await tsr.twoFactor.verifySecondFactor.mutate({ body });
    } catch {
      setError('root', { message: SECOND_STEP_FAILED });
      return;
    }
    if (res.status === 200) {
      startSession(res.body);
      onSignedIn();
      return;
    }
    const fields = serverFieldErrors(res) ?? {};
    const detail = (res.body as { detail?: string } | undefined)?.detail;
    if (fields.challenge) setDead(fields.challenge);
    else if (fields.code || fields.recovery_code) setError('value', { message: fields.code ?? fields.recovery_code });
    else setError('root', { message: detail ?? SECOND_STEP_FAILED });
  });

  const switchMethod = () => {
    setUseRecovery((r) => !r);
    reset({ value: '' });
  };

  if (dead) {
    return (
      <div className="space-y-4" aria-live="polite">
        <FormError message={dead} />
        <Button className="w-full" onClick={onRestart}>
          Sign in again
        </Button>
      </div>
    );
  }

  // An account whose only second factor is a passkey has no code to type: the passkey alone finishes.
  if (!challenge.methods.includes('totp')) {
    return (
      <div className="space-y-4" role="group" aria-label="Two-factor authentication">
        <SecondFactorHeading>Use your passkey to finish signing in.</SecondFactorHeading>
        <PasskeySecondFactorButton challenge={challenge} onSignedIn={onSignedIn} />
        <button type="button" onClick={onRestart} className="text-sm text-fg-muted hover:text-fg hover:underline">
          Back to sign in
        </button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Two-factor authentication">
      <SecondFactorHeading>
        {useRecovery ? 'Enter one of the recovery codes you saved when you set up two-factor authentication.' : 'Enter the 6-digit code from your authenticator app.'}
      </SecondFactorHeading>
      {errors.root?.message && <FormError message={errors.root.message} />}
      {useRecovery ? (
        <Field key="recovery" label="Recovery code" error={errors.value?.message}>
          <Input autoComplete="off" autoCapitalize="none" spellCheck={false} placeholder="xxxx-xxxx" autoFocus className="font-mono" {...register('value')} />
        </Field>
      ) : (
        <Field key="code" label="Authentication code" error={errors.value?.message}>
          <TotpCodeInput autoFocus {...register('value')} />
        </Field>
      )}
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Verify
      </Button>
      <PasskeySecondFactorButton challenge={challenge} onSignedIn={onSignedIn} />
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        {canUseRecovery && (
          <button type="button" onClick={switchMethod} className="font-medium text-brand-700 hover:underline">
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </button>
        )}
        <button type="button" onClick={onRestart} className="text-fg-muted hover:text-fg hover:underline">
          Back to sign in
        </button>
      </div>
    </form>
  );
}
