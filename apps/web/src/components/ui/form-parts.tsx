import type { ReactNode } from 'react';
import { Button } from './button';

/** A form's server error: a red alert box above the fields (nothing when there is no message). */
export function FormError({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700">
      {message}
    </p>
  );
}

export interface FormActionsProps {
  onCancel: () => void;
  submitLabel: ReactNode;
  loading?: boolean;
  cancelLabel?: ReactNode;
  /** A form on a page (not in a dialog) has nothing to cancel until something changed, nor while it saves. */
  cancelDisabled?: boolean;
}

/** A form's footer: Cancel and the submit button, right-aligned. */
export function FormActions({ onCancel, submitLabel, loading, cancelLabel = 'Cancel', cancelDisabled }: FormActionsProps) {
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-2">
      <Button variant="secondary" disabled={cancelDisabled} onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={loading ?? false}>
        {submitLabel}
      </Button>
    </div>
  );
}
