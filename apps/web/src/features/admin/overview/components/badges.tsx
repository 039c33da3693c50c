import type { TTask } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';

const priorityTones: Record<TTask['priority'], BadgeTone> = { low: 'default', medium: 'warning', high: 'danger' };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace('-', ' ');

export function PriorityBadge({ priority }: { priority: TTask['priority'] }) {
  return <Badge tone={priorityTones[priority]}>{cap(priority)} priority</Badge>;
}
