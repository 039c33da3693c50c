import { AUTH_PAGE_PATH, ZRequestPasswordResetSchema, type TRequestPasswordReset } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { BrandMark } from '@/components/brand-mark';
import { Button, Card, Field, FormError, Input } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useRequestPasswordReset } from './api/account.queries';

export const RESET_REQUEST_FAILED = 'The link could not be requested. Check your connection and try again.';

/**
 * Forgot password (FORGOT_PASSWORD_PAGE_PATH, from "Forgot password?" on the sign-in form): the account's e-mail
 * address; the answer is the same whether or not an account has it.
 */
export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password', 'Get a link to choose a new password for your account.');
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState<{ detail: string; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TRequestPasswordReset>({ resolver: zodResolver(ZRequestPasswordResetSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await request.mutateAsync({ body: values });
      setSent({ detail: res.body.detail, email: values.email });
    } catch (err) {
      const field = serverFieldErrors(err)?.email;
      if (field) return setError('email', { type: 'server', message: field }, { shouldFocus: true });
      const status = (err as { status?: unknown } | null)?.status;
      setError('root', { message: typeof status === 'number' && status < 500 ? errorMessage(err, RESET_REQUEST_FAILED) : RESET_REQUEST_FAILED });
    }
  });

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-canvas px-4 py-10">
      <BrandMark size="lg" className="mb-8" />
      <Card className="w-full max-w-md p-6 sm:p-8">
        <h1 className="text-2xl font-semibold text-fg">Forgot your password?</h1>
        {sent ? (
          <div role="status" className="mt-4 space-y-4">
            <p className="flex gap-2 text-sm text-fg">
              <MailCheck aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-700" />
              <span>{sent.detail}</span>
            </p>
            <p className="text-sm text-fg-muted">
              Nothing in your inbox at <span className="break-all">{sent.email}</span>? Check the spam folder, or{' '}
              <button type="button" className="font-medium text-brand-700 hover:underline" onClick={() => setSent(null)}>
                try another address
              </button>
              .
            </p>
          </div>
        ) : (
          <>
            <p className="mt-1 mb-6 text-sm text-fg-muted">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
            <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Forgot password">
              <FormError message={errors.root?.message} />
              <Field label="Email" error={errors.email?.message}>
                <Input type="email" autoComplete="email" {...register('email')} />
              </Field>
              <Button type="submit" className="w-full" loading={isSubmitting}>
                Send reset link
              </Button>
            </form>
          </>
        )}
        <p className="mt-6 text-center text-sm text-fg-muted">
          Remembered it?{' '}
          <Link to={AUTH_PAGE_PATH} className="font-medium text-brand-700 hover:underline">
            Back to sign in
          </Link>
        </p>
      </Card>
    </main>
  );
}
