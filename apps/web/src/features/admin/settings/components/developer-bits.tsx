import { ExternalLink } from 'lucide-react';
import { Badge, type BadgeTone } from '@/components/ui';
import { formatDateTime } from '@/lib/format';

/*
 * Pieces the "API & webhooks" tab's two sections share: API keys and outbound webhooks.
 */

/** A log row's moment, to the second (rows are often seconds apart): 'Mar 3, 2025 4:05:09 PM'; '—' for none. */
export const formatLogTime = (iso: string | null | undefined): string => formatDateTime(iso, { seconds: true });

/** Inline code in running text (a header, a value). */
export function Code({ children }: { children: string }) {
  return <code className="rounded bg-subtle px-1 py-0.5 text-xs whitespace-nowrap text-fg">{children}</code>;
}

/** The API reference (/api/docs/), in a new tab. */
export function ApiReferenceLink({ children = 'API reference' }: { children?: string }) {
  return (
    <a
      href="/api/docs/"
      target="_blank"
      rel="noreferrer"
      className="inline-flex items-center gap-1 rounded-sm font-medium text-brand-700 hover:underline"
    >
      {children}
      <ExternalLink aria-hidden className="h-3.5 w-3.5" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function httpStatusTone(status: number): BadgeTone {
  if (status >= 500) return 'danger';
  if (status >= 400) return 'warning';
  if (status >= 300) return 'info';
  return 'success';
}

/** An HTTP status code as a badge: 2xx success, 4xx warning, 5xx danger (the number itself says it too). */
export function HttpStatusBadge({ status }: { status: number }) {
  return (
    <Badge tone={httpStatusTone(status)} className="tabular-nums">
      {status}
    </Badge>
  );
}
