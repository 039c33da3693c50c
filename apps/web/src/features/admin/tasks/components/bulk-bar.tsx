import { CheckCheck, Eye, PlayCircle, Trash2, X } from 'lucide-react';
import { Button } from '@/components/ui';

export interface BulkBarProps {
  count: number;
  busy: boolean;
  onMark: (status: 'in-progress' | 'review' | 'completed') => void;
  onDelete: () => void;
  onClear: () => void;
}

export function BulkBar({ count, busy, onMark, onDelete, onClear }: BulkBarProps) {
  if (count === 0) return null;
  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="sticky top-2 z-20 flex flex-wrap items-center gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 shadow-card"
    >
      <p className="mr-auto text-sm font-medium text-brand-700 tabular-nums">{count} selected</p>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => onMark('in-progress')}>
        <PlayCircle aria-hidden className="h-4 w-4" />
        Mark In Progress
      </Button>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => onMark('review')}>
        <Eye aria-hidden className="h-4 w-4" />
        Mark for Review
      </Button>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => onMark('completed')}>
        <CheckCheck aria-hidden className="h-4 w-4" />
        Mark Completed
      </Button>
      <Button size="sm" variant="danger" disabled={busy} onClick={onDelete}>
        <Trash2 aria-hidden className="h-4 w-4" />
        Delete
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear} aria-label="Clear selection">
        <X aria-hidden className="h-4 w-4" />
      </Button>
    </div>
  );
}
