import type { TNotification } from '@agency/contract';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

const ICONS = {
  success: { Icon: CheckCircle2, className: 'bg-success-50 text-success-600', label: 'Success' },
  info: { Icon: Info, className: 'bg-info-50 text-info-600', label: 'Info' },
  warning: { Icon: AlertTriangle, className: 'bg-warning-50 text-warning-600', label: 'Warning' },
  error: { Icon: XCircle, className: 'bg-danger-50 text-danger-600', label: 'Error' },
} as const;

/** The notification's type as an icon in a tinted circle (the type is also named for screen readers). */
export function NotificationIcon({ type, className }: { type: TNotification['type']; className?: string }) {
  const { Icon, className: tone, label } = ICONS[type] ?? ICONS.info;
  return (
    <span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-full', tone, className)}>
      <Icon aria-hidden className="h-4 w-4" />
      <span className="sr-only">{label}:</span>
    </span>
  );
}
