import type { TLead } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';

const leadTones: Record<TLead['status'], BadgeTone> = { new: 'info', contacted: 'warning', converted: 'success', closed: 'default' };

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function LeadStatusBadge({ status }: { status: TLead['status'] }) {
  return <Badge tone={leadTones[status]}>{cap(status)}</Badge>;
}
