import { DELETE_ACCOUNT_PHRASE, CONFIRM_PHRASE_MESSAGE } from '@agency/contract';
import { AlertTriangle, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle, Dialog, Field, FormError, Input, useToast } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { useDeleteAdminAccount } from '../api/settings.queries';
import { serverDetail } from '../server-errors';

export const DELETION_STARTED = 'Account deletion initiated. You will be logged out.';
export const DELETION_FAILED = 'Failed to delete account. Please contact support.';

/** The typed confirmation must equal the phrase exactly. */
export function isDeletePhrase(text: string): boolean {
  return text === DELETE_ACCOUNT_PHRASE;
}

function DeleteAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { logout } = useAuth();
  const { success } = useToast();
  const del = useDeleteAdminAccount();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const ok = isDeletePhrase(text);

  const close = (o: boolean) => {
    if (!o) {
      setText('');
      setFailure(null);
    }
    onOpenChange(o);
  };

  const confirm = async () => {
    if (!ok) return;
    setFailure(null);
    try {
      await del.mutateAsync({ body: { confirmation: DELETE_ACCOUNT_PHRASE } });
      success(DELETION_STARTED);
      await logout();
    } catch (err) {
      setFailure(serverDetail(err) ?? DELETION_FAILED);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete Admin Account"
      description="This permanently deletes your admin account and signs you out everywhere. It cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button variant="danger" disabled={!ok} loading={del.isPending} onClick={() => void confirm()}>
            Delete My Account
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void confirm();
        }}
        className="space-y-3"
      >
        <FormError message={failure} />
        <Field
          label={
            <>
              Type <span className="font-mono font-semibold">{DELETE_ACCOUNT_PHRASE}</span> to confirm
            </>
          }
          hint={CONFIRM_PHRASE_MESSAGE}
        >
          <Input value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" spellCheck={false} />
        </Field>
      </form>
    </Dialog>
  );
}

export function DangerZoneTab() {
  const [open, setOpen] = useState(false);
  return (
    <Card className="border-danger-600/40">
      <CardHeader>
        <div className="flex items-start gap-3">
          <AlertTriangle aria-hidden className="mt-0.5 h-5 w-5 text-danger-600" />
          <div>
            <CardTitle className="text-danger-700">Danger Zone</CardTitle>
            <p className="mt-1 text-sm text-fg-muted">Irreversible actions on your account.</p>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="font-medium text-fg">Delete Admin Account</p>
          <p className="text-sm text-fg-muted">
            Your account and its sign-ins are removed. The agency&apos;s clients, invoices and history stay. The last admin cannot be
            deleted.
          </p>
        </div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden className="h-4 w-4" />
          Delete Account
        </Button>
      </CardContent>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </Card>
  );
}
