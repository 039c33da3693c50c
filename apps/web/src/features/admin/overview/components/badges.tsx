import type { TClient, TTask } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';

const taskTones: Record<TTask['status'], BadgeTone> = {
  pending: 'warning',
  'in-progress': 'info',
  review: 'primary',
  completed: 'success',
};
const priorityTones: Record<TTask['priority'], BadgeTone> = { low: 'default', medium: 'warning', high: 'danger' };
const clientTones: Record<TClient['status'], BadgeTone> = { active: 'success', pending: 'warning', paused: 'default' };
const paymentTones: Record<TClient['payment_status'], BadgeTone> = { paid: 'success', pending: 'warning', overdue: 'danger' };

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace('-', ' ');

export function PriorityBadge({ priority }: { priority: TTask['priority'] }) {
  return <Badge tone={priorityTones[priority]}>{cap(priority)} priority</Badge>;
}

export function TaskStatusBadge({ status }: { status: TTask['status'] }) {
  return <Badge tone={taskTones[status]}>{cap(status)}</Badge>;
}

export function ClientStatusBadge({ status }: { status: TClient['status'] }) {
  return <Badge tone={clientTones[status]}>{cap(status)}</Badge>;
}

export function PaymentBadge({ status }: { status: TClient['payment_status'] }) {
  return <Badge tone={paymentTones[status]}>Payment {status}</Badge>;
}


