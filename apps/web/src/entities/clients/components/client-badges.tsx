import type { TClient } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';

const clientTones: Record<TClient['status'], BadgeTone> = { active: 'success', pending: 'warning', paused: 'default' };
const paymentTones: Record<TClient['payment_status'], BadgeTone> = { paid: 'success', pending: 'warning', overdue: 'danger' };

/** 'Active', 'Pending', 'Paused'. */
export function ClientStatusBadge({ status }: { status: TClient['status'] }) {
  return <Badge tone={clientTones[status]}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}

/** 'Payment paid', 'Payment pending', 'Payment overdue'. */
export function PaymentBadge({ status }: { status: TClient['payment_status'] }) {
  return <Badge tone={paymentTones[status]}>Payment {status}</Badge>;
}
