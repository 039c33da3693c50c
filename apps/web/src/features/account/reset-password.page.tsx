import { useState } from 'react';
import { SignInLink } from '@/components/link-page';
import { Card } from '@/components/ui';
import { formatLongDateTime } from '@/lib/format';
import { AccountLinkPage, LinkDone } from './components/account-link';
import { ResetPasswordForm } from './components/reset-password-form';

/**
 * Choose a new password (RESET_PASSWORD_PAGE_PATH, `/reset-password#token=pwr_…`, from the forgot-password e-mail).
 * Setting it signs out every device, this one included: the person then signs in with the new password (and a second
 * factor if the account has one). A used, replaced or expired link says so, with a way to ask for a new one.
 */
export default function ResetPasswordPage() {
  const [done, setDone] = useState<string | null>(null);
  return (
    <AccountLinkPage
      title="Choose a new password"
      purposes={['password_reset']}
      done={
        done ? (
          <LinkDone title="Your password was changed" message={done}>
            <SignInLink label="Sign in" primary />
          </LinkDone>
        ) : null
      }
    >
      {({ token, view, refuse }) => (
        <>
          <header className="space-y-1.5">
            <h1 className="text-2xl font-semibold text-fg">Choose a new password</h1>
            <p className="text-sm text-fg-muted">
              For <span className="font-medium break-all text-fg">{view.email}</span>. Every device signed in to the account will be signed out.
            </p>
          </header>
          <Card className="space-y-5 p-5 sm:p-6">
            <ResetPasswordForm token={token} email={view.email} onDone={setDone} onRefused={refuse} />
            <p className="text-xs text-fg-muted">
              This link works once, until <time dateTime={view.expires_at}>{formatLongDateTime(view.expires_at)}</time>.
            </p>
          </Card>
        </>
      )}
    </AccountLinkPage>
  );
}
