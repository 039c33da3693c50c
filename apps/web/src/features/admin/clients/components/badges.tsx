import type { TClient, TLead } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';

const clientTones: Record<TClient['status'], BadgeTone> = { active: 'success', pending: 'warning', paused: 'default' };
const paymentTones: Record<TClient['payment_status'], BadgeTone> = { paid: 'success', pending: 'warning', overdue: 'danger' };
const leadTones: Record<TLead['status'], BadgeTone> = { new: 'info', contacted: 'warning', converted: 'success', closed: 'default' };

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function ClientStatusBadge({ status }: { status: TClient['status'] }) {
  return <Badge tone={clientTones[status]}>{cap(status)}</Badge>;
}

export function PaymentBadge({ status }: { status: TClient['payment_status'] }) {
  return <Badge tone={paymentTones[status]}>Payment {status}</Badge>;
}

export function LeadStatusBadge({ status }: { status: TLead['status'] }) {
  return <Badge tone={leadTones[status]}>{cap(status)}</Badge>;
}

/** 'YYYY-MM-DD' or an ISO timestamp → 'Dec 1, 2026'; null → '—'. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
