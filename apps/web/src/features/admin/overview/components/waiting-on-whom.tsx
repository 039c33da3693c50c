import type { TContentWaiting } from '@agency/contract';
import { ArrowRight, Building2, Hourglass, UserCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Badge, EmptyState } from '@/components/ui';
import { REVIEW_STEP_LABELS } from '@/entities/content/components/review-status';
import { formatCount, formatDateTime, formatElapsed, formatShortDay } from '@/lib/format';
import { useContentWaiting } from '../api/overview.queries';
import { RowsSkeleton, SectionCard, SectionError } from './section-card';

/** The content screen filtered to a client's items waiting for a review. */
export function waitingContentLink(clientId: number) {
  return { pathname: '/dashboard', search: `?client=${clientId}&status=pending-approval`, hash: 'content' };
}

const items = (n: number) => `${formatCount(n)} ${n === 1 ? 'item' : 'items'}`;

/**
 * "Waiting on whom" (GET /api/content/waiting/): how many items wait for the staff review and for the clients, and
 * for how long the oldest has waited; then the clients whose items wait longest, each linking to those items.
 */
export function WaitingOnWhom({ enabled }: { enabled: boolean }) {
  const q = useContentWaiting(enabled);
  return (
    <SectionCard title="Waiting on whom" viewAllHash="content">
      {q.isPending ? (
        <RowsSkeleton rows={3} />
      ) : q.isError ? (
        <SectionError error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <WaitingBody data={q.data.body} />
      )}
    </SectionCard>
  );
}

export function WaitingBody({ data, now }: { data: TContentWaiting; now?: Date }) {
  if (data.on_staff.count === 0 && data.on_client.count === 0 && data.clients.length === 0) {
    return (
      <EmptyState
        className="py-8"
        icon={<Hourglass aria-hidden className="h-6 w-6" />}
        title="Nothing is waiting for a review."
        description="Posts waiting for a staff or client review show up here, oldest first."
      />
    );
  }
  const groups = [
    { key: 'staff', label: 'On the staff', group: data.on_staff, icon: Building2, tone: 'text-warning-700 bg-warning-50' },
    { key: 'client', label: 'On clients', group: data.on_client, icon: UserCheck, tone: 'text-info-700 bg-info-50' },
  ] as const;
  return (
    <div className="space-y-4 px-5 py-4">
      <dl className="grid grid-cols-2 gap-3">
        {groups.map((g) => (
          <div key={g.key} data-testid={`waiting-${g.key}`} className="rounded-lg border border-border p-3">
            <dt className="flex items-center gap-2 text-sm font-medium text-fg-muted">
              <span className={`rounded-md p-1.5 ${g.tone}`}>
                <g.icon aria-hidden className="h-4 w-4" />
              </span>
              {g.label}
            </dt>
            <dd className="mt-1 text-2xl font-semibold text-fg tabular-nums">{formatCount(g.group.count)}</dd>
            <dd className="text-xs text-fg-muted">
              {g.group.oldest_since ? (
                <span title={`Since ${formatDateTime(g.group.oldest_since)}`}>Oldest waiting {formatElapsed(g.group.oldest_since, now)}</span>
              ) : (
                'Nothing waiting'
              )}
            </dd>
          </div>
        ))}
      </dl>
      {data.clients.length > 0 && (
        <ul aria-label="Clients with posts waiting" className="divide-y divide-border rounded-lg border border-border">
          {data.clients.map((c) => (
            <li key={`${c.client}-${c.step}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2.5">
              <div className="min-w-0 flex-1">
                <Link
                  to={waitingContentLink(c.client)}
                  className="inline-flex max-w-full items-center gap-1 truncate text-sm font-medium text-fg hover:text-brand-700 hover:underline"
                >
                  <span className="truncate">{c.client_name}</span>
                  <ArrowRight aria-hidden className="h-3.5 w-3.5 shrink-0" />
                </Link>
                <p className="text-xs text-fg-muted tabular-nums">
                  {items(c.count)} · waiting since{' '}
                  <time dateTime={c.oldest_since} title={formatDateTime(c.oldest_since)}>
                    {formatShortDay(c.oldest_since)}
                  </time>{' '}
                  ({formatElapsed(c.oldest_since, now)})
                </p>
              </div>
              <Badge tone={c.step === 'client' ? 'info' : 'warning'}>{REVIEW_STEP_LABELS[c.step]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
