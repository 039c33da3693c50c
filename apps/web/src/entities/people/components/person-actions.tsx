import { LogOut, Send, Trash2 } from 'lucide-react';
import { Button, ConfirmDialog, useToast } from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';

/** A person of a list (a staff member, a client's team member): what the shared people components read. */
export interface TPerson {
  id: number;
  name: string;
  email: string;
  invite_pending: boolean;
}

/** A row's Resend invite / Remove, for whoever may use them on that row; a list shows no actions without them. */
export interface TPersonControls<T> {
  onResend: (person: T) => void;
  onRemove: (person: T) => void;
  /** Sign out everywhere (staff who have accepted their invite); without it the row has no such button. */
  onSignOutEverywhere?: (person: T) => void;
  /** The person whose change or resend is on its way. */
  busy: number | null;
}

/**
 * Resend invite (a pending invite only), Sign out everywhere (where offered, once the invite is accepted) and Remove;
 * the person's name completes each button's accessible name.
 */
export function PersonActions<T extends TPerson>({ person, controls, className }: { person: T; controls: TPersonControls<T>; className?: string }) {
  const busy = controls.busy === person.id;
  return (
    <div className={cn('flex flex-wrap items-center justify-end gap-1', className)}>
      {person.invite_pending && (
        <Button variant="ghost" size="sm" onClick={() => controls.onResend(person)} loading={busy}>
          {!busy && <Send aria-hidden className="h-4 w-4" />}
          Resend invite<span className="sr-only"> to {person.name}</span>
        </Button>
      )}
      {!person.invite_pending && controls.onSignOutEverywhere && (
        <Button variant="ghost" size="sm" onClick={() => controls.onSignOutEverywhere?.(person)}>
          <LogOut aria-hidden className="h-4 w-4" />
          Sign out everywhere<span className="sr-only"> {person.name}</span>
        </Button>
      )}
      <Button variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => controls.onRemove(person)}>
        <Trash2 aria-hidden className="h-4 w-4" />
        Remove<span className="sr-only"> {person.name}</span>
      </Button>
    </div>
  );
}

export interface RemovePersonDialogProps<T> {
  /** Who is being removed; null keeps the dialog closed. */
  person: T | null;
  /** Closes the dialog (Cancel, and once removed; not while the removal is on its way). */
  onClose: () => void;
  title: string;
  /** The confirmation's text for that person. */
  message: (person: T) => string;
  /** Removes them (the API call). */
  remove: (person: T) => Promise<unknown>;
  /** The toast once removed. */
  removedText: (person: T) => string;
  /** The toast's fallback when the removal fails without the API's reason. */
  failedText: string;
  /** After the removal, once the dialog is closed (e.g. reload the list). */
  onRemoved: () => Promise<unknown>;
  /** The removal is on its way. */
  loading: boolean;
}

/** Remove with its confirmation: Cancel, or Remove; then a toast says it is done, or why it is not. */
export function RemovePersonDialog<T>({ person, onClose, title, message, remove, removedText, failedText, onRemoved, loading }: RemovePersonDialogProps<T>) {
  const toast = useToast();
  const confirm = async (removing: T) => {
    try {
      await remove(removing);
      toast.success(removedText(removing));
      onClose();
      await onRemoved();
    } catch (err) {
      toast.error(errorMessage(err, failedText));
    }
  };
  return (
    <ConfirmDialog
      open={person !== null}
      onOpenChange={(o) => !o && !loading && onClose()}
      title={title}
      message={person ? message(person) : ''}
      confirmLabel="Remove"
      onConfirm={() => person && void confirm(person)}
      loading={loading}
    />
  );
}
