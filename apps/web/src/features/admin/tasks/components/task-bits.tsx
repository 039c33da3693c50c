import type { TTask } from '@agency/contract';
import { TASK_STATUSES } from '@agency/contract';
import { format } from 'date-fns';
import { AlertCircle } from 'lucide-react';
import { Badge } from '@/components/ui';
import { cn } from '@/lib/cn';
import { PRIORITY_LABELS, PRIORITY_TONES, STATUS_LABELS, type TTaskStatus } from '../lib/task-utils';

export function OverdueBadge() {
  return (
    <Badge tone="danger">
      <AlertCircle aria-hidden className="h-3 w-3" />
      Overdue
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: TTask['priority'] }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{PRIORITY_LABELS[priority]} priority</Badge>;
}

export function formatDue(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : format(d, 'MMM d, yyyy h:mm a');
}

/** The per-task select: any status to any other. */
export function StatusSelect({
  task,
  onChange,
  className,
}: {
  task: TTask;
  onChange: (status: TTaskStatus) => void;
  className?: string;
}) {
  return (
    <select
      aria-label={`Status of ${task.title}`}
      value={task.status}
      onChange={(e) => onChange(e.target.value as TTaskStatus)}
      className={cn(
        'h-8 w-full min-w-0 rounded-md border border-border-strong bg-surface px-1.5 text-xs text-fg',
        'focus-visible:border-brand-600',
        className,
      )}
    >
      {TASK_STATUSES.map((s) => (
        <option key={s} value={s}>
          {STATUS_LABELS[s]}
        </option>
      ))}
    </select>
  );
}

export function SelectBox({ checked, onChange, label }: { checked: boolean; onChange: (checked: boolean) => void; label: string }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      className="h-4 w-4 shrink-0 cursor-pointer rounded border-border-strong accent-brand-600"
    />
  );
}
