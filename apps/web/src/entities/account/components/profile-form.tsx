import { ZUpdateProfileSchema, type TUpdateProfile, type TUser } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Field, FormActions, Input, useToast } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { serverFieldErrors } from '@/lib/server-errors';
import { useUpdateProfile } from '../api/account.queries';

const valuesOf = (user: TUser): TUpdateProfile => ({ first_name: user.first_name, last_name: user.last_name, company: user.company });

/**
 * The signed-in person's first name, last name and company (PATCH /auth/me/), for staff (Settings → Profile) and
 * clients (portal Settings). The saved profile is the session's user at once; Cancel puts the saved values back; the
 * API's field messages go under their fields, and a toast says how it went (each side in its own words).
 */
export function ProfileForm({
  user,
  submitLabel,
  savedMessage,
  failedMessage,
}: {
  user: TUser;
  submitLabel: string;
  savedMessage: string;
  failedMessage: (err: unknown) => string;
}) {
  const { setUser } = useAuth();
  const toast = useToast();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<TUpdateProfile>({ resolver: zodResolver(ZUpdateProfileSchema), values: valuesOf(user) });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await update.mutateAsync({ body: values });
      setUser(res.body);
      reset(valuesOf(res.body));
      toast.success(savedMessage);
    } catch (err) {
      const fields = serverFieldErrors(err) ?? {};
      for (const name of ['first_name', 'last_name', 'company'] as const) {
        if (fields[name]) setError(name, { message: fields[name] });
      }
      toast.error(failedMessage(err));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Profile">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" error={errors.first_name?.message}>
          <Input autoComplete="given-name" {...register('first_name')} />
        </Field>
        <Field label="Last name" error={errors.last_name?.message}>
          <Input autoComplete="family-name" {...register('last_name')} />
        </Field>
      </div>
      <Field label="Company" optional error={errors.company?.message}>
        <Input autoComplete="organization" {...register('company')} />
      </Field>
      <FormActions onCancel={() => reset(valuesOf(user))} cancelDisabled={!isDirty || update.isPending} submitLabel={submitLabel} loading={update.isPending} />
    </form>
  );
}
