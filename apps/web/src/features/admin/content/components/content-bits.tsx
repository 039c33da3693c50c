import type { TContent } from '@agency/contract';
import { Check, Mail, X } from 'lucide-react';
import { Button, Spinner } from '@/components/ui';
import { useStaffRole } from '@/lib/staff-role';

export { ContentStatusBadge, PlatformMark } from '@/entities/content/components/content-bits';

/** Approve / Reject for one pending item (card and table row); none for read-only staff. */
export function ApproveRejectButtons({
  label,
  onApprove,
  onReject,
  busy,
  className,
  compact = false,
  item,
}: {
  label: string;
  /** At the client's step, approving is the owner's override: others get Reject only. */
  item?: Pick<TContent, 'status' | 'review_step'>;
  onApprove: () => void;
  onReject: () => void;
  busy: boolean;
  className?: string;
  /** Icons only (table rows, where width is short); the accessible names stay the same. */
  compact?: boolean;
}) {
  const { canWrite, isOwner } = useStaffRole();
  if (!canWrite) return null;
  const canApprove = isOwner || item?.review_step !== 'client';
  return (
    <div className={className}>
      {canApprove && (
        <Button size="sm" onClick={onApprove} disabled={busy} aria-label={`Approve ${label}`} title="Approve">
          <Check aria-hidden className="h-4 w-4" />
          {!compact && 'Approve'}
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={onReject} disabled={busy} aria-label={`Reject ${label}`} title="Reject">
        <X aria-hidden className="h-4 w-4" />
        {!compact && 'Reject'}
      </Button>
    </div>
  );
}

/** A short name for an item in labels: the first words of its text. */
export function itemLabel(item: TContent): string {
  const text = item.content.trim().replace(/\s+/g, ' ');
  return `${item.client_name}: ${text.length > 40 ? `${text.slice(0, 40)}…` : text}`;
}

/** "Send review link again" (items waiting for the client): a fresh magic link to the client's login. */
export function SendLinkButton({ label, onClick, sending, disabled }: { label: string; onClick: () => void; sending: boolean; disabled?: boolean }) {
  const { canWrite } = useStaffRole();
  if (!canWrite) return null;
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={sending || disabled}
      aria-busy={sending || undefined}
      className="inline-flex items-center gap-1 rounded text-left font-medium text-brand-700 hover:underline disabled:cursor-not-allowed disabled:opacity-60"
    >
      {sending ? <Spinner size="sm" className="text-current" label={null} /> : <Mail aria-hidden className="h-3.5 w-3.5" />}
      Send review link again<span className="sr-only"> for {label}</span>
    </button>
  );
}
