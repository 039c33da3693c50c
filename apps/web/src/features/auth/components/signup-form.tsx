import { ZRegisterSchema, type TRegister } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input, NativeSelect } from '@/components/ui';
import { AuthError, useAuth } from '@/lib/auth';
import { REGISTRATION_FAILED } from '@/lib/auth-errors';
import { FormError } from './form-error';

export const PASSWORD_HINT = 'Password should be at least 8 characters with upper case, lower case and digits.';

export const ROLE_OPTIONS = [
  { value: 'client', label: 'Client - I need social media growth' },
  { value: 'admin', label: 'Agency Admin - I manage client accounts' },
] as const;

type TSignupValues = {
  email: string;
  password: string;
  name: string;
  role: 'client' | 'admin';
  company: string;
  admin_code: string;
};

const FIELDS = ['email', 'password', 'name', 'role', 'company', 'admin_code'] as const;

export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const { register: registerAccount } = useAuth();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useForm<TSignupValues>({
    resolver: zodResolver(ZRegisterSchema),
    defaultValues: { email: '', password: '', name: '', role: 'client', company: '', admin_code: '' },
  });
  const role = watch('role');

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    const body: TRegister = {
      email: values.email,
      password: values.password,
      name: values.name,
      role: values.role,
      company: values.company ?? '',
      ...(values.role === 'admin' && values.admin_code?.trim() ? { admin_code: values.admin_code.trim() } : {}),
    };
    try {
      await registerAccount(body);
      onSuccess();
    } catch (err) {
      if (err instanceof AuthError) {
        setServerError(err.message);
        for (const field of FIELDS) {
          const msg = err.fieldErrors?.[field]?.[0];
          if (msg) setError(field, { type: 'server', message: msg });
        }
      } else {
        setServerError(REGISTRATION_FAILED);
      }
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Create account">
      {serverError && <FormError message={serverError} />}
      <Field label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
      <Field label="Password" error={errors.password?.message} hint={PASSWORD_HINT}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label="Name" error={errors.name?.message}>
        <Input type="text" autoComplete="name" {...register('name')} />
      </Field>
      <Field label="Account type" error={errors.role?.message}>
        <NativeSelect
          {...register('role', {
            // A server error (e.g. a wrong invite code) belongs to the account type it was about.
            onChange: () => {
              setServerError(null);
              clearErrors('admin_code');
            },
          })}
        >
          {ROLE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      {role === 'admin' && (
        <Field
          label="Agency invite code"
          error={errors.admin_code?.message}
          hint="Ask your agency for its invite code. The very first admin of a new agency does not need one."
        >
          <Input type="text" autoComplete="off" {...register('admin_code')} />
        </Field>
      )}
      <Field label="Company" optional error={errors.company?.message}>
        <Input type="text" autoComplete="organization" {...register('company')} />
      </Field>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Create Account
      </Button>
    </form>
  );
}
