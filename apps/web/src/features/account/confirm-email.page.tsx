import { DASHBOARD_PATH, type TAccountLinkView } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { SignInLink } from '@/components/link-page';
import { Button, buttonClasses, Card, FormError } from '@/components/ui';
import { AUTH_ME_QUERY_KEY, useAuth } from '@/lib/auth';
import { formatLongDateTime } from '@/lib/format';
import { useConfirmEmailChange, useVerifyEmail } from './api/account.queries';
import { AccountLinkPage, LinkDone, linkStepFailure } from './components/account-link';

const CONFIRM_FAILED = 'The address could not be confirmed. Check your connection and try again.';

/**
 * Confirm an address (CONFIRM_EMAIL_PAGE_PATH, `/confirm-email#token=…`): a sign-up's (`evf_`, from the welcome
 * e-mail or Resend) or the new one of an e-mail change (`emc_`, sent to the new address). One button confirms it.
 */
export default function ConfirmEmailPage() {
  const [done, setDone] = useState<{ detail: string; changed: boolean } | null>(null);
  const { isAuthenticated } = useAuth();
  return (
    <AccountLinkPage
      title="Confirm your e-mail address"
      purposes={['email_verify', 'email_change']}
      done={
        done ? (
          <LinkDone title={done.changed ? 'Your e-mail address was changed' : 'Your e-mail address is confirmed'} message={done.detail}>
            {isAuthenticated ? (
              <Link to={DASHBOARD_PATH} className={buttonClasses('primary')}>
                Go to your dashboard
              </Link>
            ) : (
              <SignInLink label="Sign in" primary />
            )}
          </LinkDone>
        ) : null
      }
    >
      {({ token, view, refuse }) => <Confirm token={token} view={view} onDone={setDone} onRefused={refuse} />}
    </AccountLinkPage>
  );
}

function Confirm({
  token,
  view,
  onDone,
  onRefused,
}: {
  token: string;
  view: TAccountLinkView;
  onDone: (done: { detail: string; changed: boolean }) => void;
  onRefused: (reason: string) => void;
}) {
  const change = view.purpose === 'email_change';
  const verify = useVerifyEmail();
  const confirmChange = useConfirmEmailChange();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const pending = verify.isPending || confirmChange.isPending;

  const confirm = async () => {
    setError(null);
    try {
      const res = change ? await confirmChange.mutateAsync({ body: { token } }) : await verify.mutateAsync({ body: { token } });
      // A session of this account in this browser shows the confirmed (or new) address at once.
      await queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
      onDone({ detail: res.body.detail, changed: change });
    } catch (err) {
      setError(linkStepFailure(err, CONFIRM_FAILED, onRefused));
    }
  };

  return (
    <>
      <header className="space-y-1.5">
        <h1 className="text-2xl font-semibold text-fg">{change ? 'Confirm your new e-mail address' : 'Confirm your e-mail address'}</h1>
        <p className="text-sm text-fg-muted">
          {change
            ? 'Your account will use this address from now on, to sign in and for every e-mail. Devices signed in elsewhere are signed out.'
            : 'Confirm that this address is yours, so your account and its e-mails reach you.'}
        </p>
      </header>
      <Card className="space-y-5 p-5 sm:p-6">
        <FormError message={error} />
        <p className="text-base font-medium break-all text-fg">{view.email}</p>
        <Button size="lg" className="w-full" onClick={() => void confirm()} loading={pending}>
          {change ? 'Confirm new address' : 'Confirm e-mail address'}
        </Button>
        <p className="text-xs text-fg-muted">
          This link works once, until <time dateTime={view.expires_at}>{formatLongDateTime(view.expires_at)}</time>.
        </p>
      </Card>
    </>
  );
}
