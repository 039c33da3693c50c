import { ZPasskeyNameSchema, type TPasskey, type TPasskeyRegistrationOptions } from '@agency/contract';
import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { Fingerprint, Pencil, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, Dialog, EmptyState, ErrorState, Field, FormActions, FormError, Input, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { errorMessage, formatDay, formatRelativeTimeInSentence } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { tsr } from '@/lib/tsr';
import { useRefreshPasskeys, usePasskeys } from '../api/passkeys';

export const PASSKEY_ADDED = 'Passkey added';
export const PASSKEY_REMOVED = 'Passkey removed';
export const PASSKEY_NOT_CREATED = 'No passkey was made: the browser was closed or did not allow it. Try again.';

type Errors = Partial<Record<'password' | 'name' | 'root', string>>;

/** The refusal of a call as field errors (the API names the field), else its detail on the form. */
function errorsOf(res: { status: number; body: unknown }): Errors {
  const fields = serverFieldErrors(res) ?? {};
  const errors: Errors = {};
  if (fields.password) errors.password = fields.password;
  if (fields.name) errors.name = fields.name;
  if (!errors.password && !errors.name) errors.root = fields.response ?? fields.registration ?? (res.body as { detail?: string } | undefined)?.detail ?? 'Something went wrong.';
  return errors;
}

function AddPasskeyDialog({ open, onOpenChange, onAdded }: { open: boolean; onOpenChange: (o: boolean) => void; onAdded: () => void }) {
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const named = name.trim() ? ZPasskeyNameSchema.safeParse(name) : null;
    const local: Errors = {};
    if (!password) local.password = 'Enter your current password';
    if (named && !named.success) local.name = named.error.issues[0]?.message;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    try {
      const start = await tsr.passkeys.startPasskeyRegistration.mutate({ body: { password } });
      if (start.status !== 200) return setErrors(errorsOf(start));
      const registration: TPasskeyRegistrationOptions = start.body;
      let response;
      try {
        response = await startRegistration({ optionsJSON: registration.options as unknown as PublicKeyCredentialCreationOptionsJSON });
      } catch {
        return setErrors({ root: PASSKEY_NOT_CREATED });
      }
      const res = await tsr.passkeys.finishPasskeyRegistration.mutate({
        body: { registration: registration.registration, response: response as never, ...(named?.success ? { name: named.data } : {}) },
      });
      if (res.status !== 201) return setErrors(errorsOf(res));
      setPassword('');
      setName('');
      onAdded();
    } catch (err) {
      setErrors({ root: errorMessage(err, 'Could not add the passkey.') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="Add a passkey" description="Your browser or phone will ask you to confirm with your fingerprint, face or screen lock.">
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" aria-label="Add a passkey">
        <FormError message={errors.root} />
        <Field label="Current password" error={errors.password}>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <Field label="Name" optional hint="So you can tell your passkeys apart, e.g. 'Work laptop'." error={errors.name}>
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
        <FormActions onCancel={() => onOpenChange(false)} submitLabel="Continue" loading={busy} />
      </form>
    </Dialog>
  );
}

function RenameDialog({ passkey, onClose, onDone }: { passkey: TPasskey | null; onClose: () => void; onDone: () => void }) {
  const [name, setName] = useState(passkey?.name ?? '');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!passkey) return;
    const parsed = ZPasskeyNameSchema.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setBusy(true);
    try {
      const res = await tsr.passkeys.renamePasskey.mutate({ params: { id: passkey.id }, body: { name: parsed.data } });
      if (res.status !== 200) return setError(errorsOf(res).name ?? errorsOf(res).root);
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={passkey !== null} onOpenChange={(o) => !o && onClose()} title="Rename passkey">
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" aria-label="Rename passkey">
        <Field label="Name" error={error}>
          <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
        </Field>
        <FormActions onCancel={onClose} submitLabel="Save" loading={busy} />
      </form>
    </Dialog>
  );
}

function RemoveDialog({ passkey, onClose, onDone }: { passkey: TPasskey | null; onClose: () => void; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!passkey) return;
    if (!password) return setErrors({ password: 'Enter your current password' });
    setBusy(true);
    try {
      const res = await tsr.passkeys.removePasskey.mutate({ params: { id: passkey.id }, body: { password } });
      if (res.status !== 204) return setErrors(errorsOf(res));
      onDone();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={passkey !== null}
      onOpenChange={(o) => !o && onClose()}
      title={`Remove ${passkey?.name ?? 'passkey'}?`}
      description="It will no longer sign in to your account. Your other sessions are signed out."
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-4" aria-label="Remove passkey">
        <FormError message={errors.root} />
        <Field label="Current password" error={errors.password}>
          <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Field>
        <FormActions onCancel={onClose} submitLabel="Remove passkey" loading={busy} />
      </form>
    </Dialog>
  );
}

/**
 * Settings → Security's passkeys, the same for staff and clients: sign in with a fingerprint, face or screen lock
 * instead of the password, or as the second step after it. Add (the password first), rename, remove.
 */
export function PasskeysSection() {
  const list = usePasskeys();
  const refresh = useRefreshPasskeys();
  const toast = useToast();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<TPasskey | null>(null);
  const [removing, setRemoving] = useState<TPasskey | null>(null);
  const supported = browserSupportsWebAuthn();
  const body = list.data?.status === 200 ? list.data.body : null;
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Passkeys</CardTitle>
          <p className="mt-1 text-sm text-fg-muted">Sign in with your fingerprint, face or screen lock. A passkey also works as the second step after your password.</p>
        </div>
        {supported && body && body.count > 0 && <Button onClick={() => setAdding(true)}>Add a passkey</Button>}
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <SkeletonGroup label="Loading your passkeys" className="space-y-3">
            <Skeleton className="h-12 rounded-lg" />
          </SkeletonGroup>
        ) : !body ? (
          <ErrorState message={errorMessage(list.error, 'Could not load your passkeys.')} onRetry={() => void list.refetch()} retrying={list.isFetching} className="py-6" />
        ) : body.count === 0 ? (
          <EmptyState
            icon={<Fingerprint aria-hidden className="h-6 w-6" />}
            title="No passkeys yet"
            description={supported ? 'Add one for each device you sign in from.' : 'This browser cannot make passkeys.'}
            action={supported ? <Button onClick={() => setAdding(true)}>Add a passkey</Button> : undefined}
          />
        ) : (
          <ul className="divide-y divide-border" aria-label="Passkeys">
            {body.results.map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0" data-testid="passkey-row">
                <div className="flex min-w-0 items-center gap-3">
                  <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
                    <Fingerprint aria-hidden className="h-5 w-5" />
                  </span>
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium break-words text-fg">
                      {p.name}
                      {p.backed_up && <Badge tone="info">Synced</Badge>}
                    </p>
                    <p className="text-xs text-fg-muted">
                      Added {formatDay(p.created_at)} · {p.last_used_at ? `Last used ${formatRelativeTimeInSentence(p.last_used_at)}` : 'Not used yet'}
                    </p>
                  </div>
                </div>
                <div className="flex gap-1">
                  <Button variant="ghost" size="sm" onClick={() => setRenaming(p)}>
                    <Pencil aria-hidden className="h-4 w-4" />
                    Rename<span className="sr-only"> {p.name}</span>
                  </Button>
                  <Button variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => setRemoving(p)}>
                    <Trash2 aria-hidden className="h-4 w-4" />
                    Remove<span className="sr-only"> {p.name}</span>
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AddPasskeyDialog
        open={adding}
        onOpenChange={setAdding}
        onAdded={() => {
          setAdding(false);
          toast.success(PASSKEY_ADDED);
          void refresh();
        }}
      />
      <RenameDialog
        key={renaming?.id ?? 'none'}
        passkey={renaming}
        onClose={() => setRenaming(null)}
        onDone={() => {
          setRenaming(null);
          void refresh();
        }}
      />
      <RemoveDialog
        key={removing ? `remove-${removing.id}` : 'remove-none'}
        passkey={removing}
        onClose={() => setRemoving(null)}
        onDone={() => {
          setRemoving(null);
          toast.success(PASSKEY_REMOVED);
          void refresh();
        }}
      />
    </Card>
  );
}
