import { CheckCheck, Eye, PlayCircle, Trash2, X } from 'lucide-react';
import { BulkActionBar, Button } from '@/components/ui';

export interface BulkBarProps {
  count: number;
  busy: boolean;
  onMark: (status: 'in-progress' | 'review' | 'completed') => void;
  onDelete: () => void;
  onClear: () => void;
}

export function BulkBar({ count, busy, onMark, onDelete, onClear }: BulkBarProps) {
  return (
    <BulkActionBar count={count}>
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
    </BulkActionBar>
  );
}
