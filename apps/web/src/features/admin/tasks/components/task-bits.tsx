import type { TTask } from '@agency/contract';
import { TASK_STATUSES } from '@agency/contract';
import { AlertCircle, Pencil, Trash2 } from 'lucide-react';
import { Badge, Button } from '@/components/ui';
import { cn } from '@/lib/cn';
import { useStaffRole } from '@/lib/staff-role';
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
  const { canWrite } = useStaffRole();
  return (
    <select
      aria-label={`Status of ${task.title}`}
      value={task.status}
      disabled={!canWrite}
      onChange={(e) => onChange(e.target.value as TTaskStatus)}
      className={cn(
        'h-8 w-full min-w-0 rounded-md border border-border-strong bg-surface px-1.5 text-xs text-fg',
        'focus-visible:border-brand-600 disabled:cursor-not-allowed disabled:bg-subtle',
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

/** The per-task edit and delete icon buttons (card and table row); none for read-only staff. */
export function EditDeleteButtons({
  title,
  onEdit,
  onDelete,
  className,
}: {
  title: string;
  onEdit: () => void;
  onDelete: () => void;
  className?: string;
}) {
  const { canWrite } = useStaffRole();
  if (!canWrite) return null;
  return (
    <>
      <Button variant="ghost" size="icon" className={cn('h-8 w-8', className)} aria-label={`Edit ${title}`} onClick={onEdit}>
        <Pencil aria-hidden className="h-4 w-4" />
      </Button>
      <Button variant="ghost" size="icon" className={cn('h-8 w-8', className)} aria-label={`Delete ${title}`} onClick={onDelete}>
        <Trash2 aria-hidden className="h-4 w-4" />
      </Button>
    </>
  );
}
