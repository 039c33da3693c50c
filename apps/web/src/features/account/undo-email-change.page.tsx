import { useState } from 'react';
import { SignInLink } from '@/components/link-page';
import { Button, Card, FormError } from '@/components/ui';
import { formatLongDateTime } from '@/lib/format';
import { useUndoEmailChange } from './api/account.queries';
import { AccountLinkPage, LinkDone, linkStepFailure } from './components/account-link';

const UNDO_FAILED = 'The address could not be put back. Check your connection and try again.';

/**
 * Undo an e-mail change (UNDO_EMAIL_CHANGE_PAGE_PATH, `/undo-email-change#token=emu_…`, from the e-mail sent to the
 * old address): the old address comes back, every device is signed out and the password stops working; a link to
 * choose a new one goes to the old address.
 */
export default function UndoEmailChangePage() {
  const [done, setDone] = useState<string | null>(null);
  return (
    <AccountLinkPage
      title="Put your e-mail address back"
      purposes={['email_change_undo']}
      done={
        done ? (
          <LinkDone title="Your e-mail address was put back" message={done}>
            <SignInLink />
          </LinkDone>
        ) : null
      }
    >
      {({ token, view, refuse }) => <Undo token={token} email={view.email} expiresAt={view.expires_at} onDone={setDone} onRefused={refuse} />}
    </AccountLinkPage>
  );
}

function Undo({
  token,
  email,
  expiresAt,
  onDone,
  onRefused,
}: {
  token: string;
  email: string;
  expiresAt: string;
  onDone: (detail: string) => void;
  onRefused: (reason: string) => void;
}) {
  const undo = useUndoEmailChange();
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      onDone((await undo.mutateAsync({ body: { token } })).body.detail);
    } catch (err) {
      setError(linkStepFailure(err, UNDO_FAILED, onRefused));
    }
  };
  return (
    <>
      <header className="space-y-1.5">
        <h1 className="text-2xl font-semibold text-fg">Put your e-mail address back</h1>
        <p className="text-sm text-fg-muted">
          If you did not change the address of your account, put <span className="font-medium break-all text-fg">{email}</span> back. Every device is then
          signed out and your password stops working: whoever changed the address may know it. We e-mail you a link to choose a new one.
        </p>
      </header>
      <Card className="space-y-5 p-5 sm:p-6">
        <FormError message={error} />
        <Button variant="danger" size="lg" className="w-full" onClick={() => void run()} loading={undo.isPending}>
          Put back {email}
        </Button>
        <p className="text-xs text-fg-muted">
          This link works once, until <time dateTime={expiresAt}>{formatLongDateTime(expiresAt)}</time>.
        </p>
      </Card>
    </>
  );
}
