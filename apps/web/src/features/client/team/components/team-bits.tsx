import { CLIENT_PERMISSION_LABELS, CLIENT_PERMISSIONS } from '@agency/contract';
import { useId, type InputHTMLAttributes } from 'react';
import { Badge } from '@/components/ui';
import { cn } from '@/lib/cn';
import { OWNER_LOGIN, PERMISSION_HINTS } from '../lib/team-text';

type TRadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value'>;

/**
 * The permissions as radio cards, each with its one-line explanation (the invite form). `inputProps` are spread on
 * every radio (react-hook-form's register('permission')).
 */
export function PermissionChoice({ inputProps, error }: { inputProps: TRadioProps; error?: string | undefined }) {
  const id = `${useId()}-permission`;
  const errorId = `${id}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1.5 text-sm font-medium text-fg">Permission</legend>
      <div className="space-y-2">
        {CLIENT_PERMISSIONS.map((p) => (
          <label
            key={p}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border border-border p-3 transition-colors hover:bg-subtle',
              'has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600',
            )}
          >
            <input
              type="radio"
              value={p}
              className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600"
              aria-labelledby={`${id}-${p}-label`}
              aria-describedby={`${id}-${p}-hint`}
              {...inputProps}
            />
            <span className="min-w-0">
              <span id={`${id}-${p}-label`} className="block text-sm font-medium text-fg">
                {CLIENT_PERMISSION_LABELS[p]}
              </span>
              <span id={`${id}-${p}-hint`} className="block text-xs text-fg-muted">
                {PERMISSION_HINTS[p]}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function OwnerLoginBadge() {
  return <Badge tone="primary">{OWNER_LOGIN}</Badge>;
}
