import { ZLoginSchema, type TLogin, type TSecondFactorChallenge } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input } from '@/components/ui';
import { PasskeySignInButton } from '@/entities/security';
import { AuthError, useAuth } from '@/lib/auth';
import { LOGIN_FAILED } from '@/lib/auth-errors';
import { FormError } from './form-error';
import { DemoLogins } from './demo-logins';
import { SecondFactorStep } from './second-factor-step';

/**
 * Sign in: e-mail and password, then (an account with two-factor authentication) the code step for the challenge
 * the password step answered.
 */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { login } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<TSecondFactorChallenge | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<TLogin>({ resolver: zodResolver(ZLoginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const answer = await login(values);
      if ('second_factor_required' in answer) setChallenge(answer);
      else onSuccess();
    } catch (err) {
      setServerError(err instanceof AuthError ? err.message : LOGIN_FAILED);
    }
  });

  if (challenge) {
    return (
      <SecondFactorStep
        challenge={challenge}
        onSignedIn={onSuccess}
        onRestart={() => {
          // The e-mail stays; the password is asked again.
          resetField('password');
          setChallenge(null);
        }}
      />
    );
  }

  return (
    <>
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Sign in">
        {serverError && <FormError message={serverError} />}
        <Field label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </Field>
        <a href="/forgot-password" className="-mt-2 block text-right text-sm font-medium text-brand-700 hover:underline">Forgot password?</a>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Sign In
        </Button>
      </form>
      <PasskeySignInButton onSignedIn={onSuccess} />
      <DemoLogins
        onPick={(l) => {
          setValue('email', l.email, { shouldValidate: false });
          if (l.password) setValue('password', l.password, { shouldValidate: false });
          setServerError(null);
        }}
      />
    </>
  );
}
