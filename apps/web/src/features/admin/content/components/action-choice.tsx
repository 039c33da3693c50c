import type { TStaffContentAction } from '@agency/contract';
import { cn } from '@/lib/cn';

/** What each choice of the staff's content form does, as the form says it. */
export const ACTION_LABELS: Record<TStaffContentAction, { label: string; editLabel?: string; hint: string }> = {
  approve: { label: 'Approve', hint: 'Ready to go out as scheduled: this client’s mode approves the team’s posts when made.' },
  draft: { label: 'Save as draft', editLabel: 'Keep as a draft', hint: 'Nothing is sent; submit it when it is ready.' },
  submit: { label: 'Submit for staff review', hint: 'Waits in the team’s review queue until a team member approves it.' },
  send_to_client: {
    label: 'Send to the client for approval',
    hint: 'Counts as the team’s review. The client is notified and e-mailed a review link.',
  },
  override: {
    label: 'Approve without review (owner override)',
    hint: 'Skips the review this client’s mode asks for. Kept in the post’s history as an override.',
  },
};

/** The toast once a choice is done. */
export const ACTION_DONE: Record<TStaffContentAction, string> = {
  approve: 'Content approved',
  draft: 'Draft saved',
  submit: 'Submitted for staff review',
  send_to_client: 'Sent to the client for approval',
  override: 'Approved without review (owner override)',
};

/** "What happens next": the choices the client's approval mode allows, each with what it does. */
export function ActionChoice({
  actions,
  value,
  onChange,
  modeLabel,
  editing,
}: {
  actions: readonly TStaffContentAction[];
  value: TStaffContentAction;
  onChange: (action: TStaffContentAction) => void;
  modeLabel: string;
  editing: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-fg">What happens next</legend>
      <p className="text-xs text-fg-muted">
        This client’s approval mode: <span className="font-medium text-fg">{modeLabel}</span>
      </p>
      <div className="space-y-2">
        {actions.map((a) => {
          const text = ACTION_LABELS[a];
          const checked = value === a;
          return (
            <label
              key={a}
              className={cn(
                'flex cursor-pointer gap-3 rounded-md border px-3 py-2 text-sm',
                checked ? 'border-brand-600 bg-brand-50/60' : 'border-border hover:bg-subtle',
                a === 'override' && 'border-dashed',
              )}
            >
              <input
                type="radio"
                name="content-action"
                value={a}
                checked={checked}
                onChange={() => onChange(a)}
                className="mt-0.5 h-4 w-4 accent-brand-600"
              />
              <span className="min-w-0">
                <span className="block font-medium text-fg">{editing && text.editLabel ? text.editLabel : text.label}</span>
                <span className="block text-xs text-fg-muted">{text.hint}</span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
