import type { TApiKey, TApiKeyUse } from '@agency/contract';
import { History, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, EmptyState, ErrorState, ListFooter, SkeletonGroup, Skeleton } from '@/components/ui';
import { displayIp, errorMessage } from '@/lib/format';
import { API_KEY_USES_PAGE_SIZE, useApiKeyUses } from '../api/api-keys.queries';
import { formatLogTime, HttpStatusBadge } from './developer-bits';

function UsesTable({ uses }: { uses: readonly TApiKeyUse[] }) {
  return (
    <>
      {/* Focusable, so a keyboard can scroll it when a long path makes it wider than the dialog. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Requests made with this key"
        className="hidden overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-brand-600/40 sm:block"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Requests made with this key, newest first</caption>
          <thead className="border-b border-border bg-subtle text-xs text-fg-muted">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">Time</th>
              <th scope="col" className="px-3 py-2 font-medium">Method</th>
              <th scope="col" className="px-3 py-2 font-medium">Path</th>
              <th scope="col" className="px-3 py-2 font-medium">Status</th>
              <th scope="col" className="px-3 py-2 font-medium">IP</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {uses.map((u) => (
              <tr key={u.id} data-testid="api-key-use">
                <td className="px-3 py-2 whitespace-nowrap text-fg-muted tabular-nums">{formatLogTime(u.at)}</td>
                <td className="px-3 py-2 font-mono text-xs text-fg">{u.method}</td>
                <td className="min-w-48 px-3 py-2 font-mono text-xs break-words text-fg">{u.path}</td>
                <td className="px-3 py-2">
                  <HttpStatusBadge status={u.status} />
                </td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-fg-muted" title={u.ip}>
                  {displayIp(u.ip)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border sm:hidden" aria-label="Requests made with this key">
        {uses.map((u) => (
          <li key={u.id} data-testid="api-key-use-card" className="space-y-1 px-3 py-2 text-sm">
            <div className="flex items-center justify-between gap-2">
              <span className="font-mono text-xs font-semibold text-fg">{u.method}</span>
              <HttpStatusBadge status={u.status} />
            </div>
            <p className="font-mono text-xs break-all text-fg">{u.path}</p>
            <p className="text-xs text-fg-muted tabular-nums">
              {formatLogTime(u.at)} · {displayIp(u.ip)}
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}

function UsesBody({ apiKey }: { apiKey: TApiKey }) {
  const [page, setPage] = useState(1);
  const q = useApiKeyUses(apiKey.id, page);
  if (q.isPending) {
    return (
      <SkeletonGroup label="Loading the key's usage" className="space-y-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9" />
        ))}
      </SkeletonGroup>
    );
  }
  if (q.isError) {
    return <ErrorState title="Could not load the usage" message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  }
  const { count, count_capped, results } = q.data.body;
  if (count === 0 && page === 1) {
    return (
      <EmptyState
        icon={<History aria-hidden className="h-6 w-6" />}
        title="Not used yet"
        description="Every request made with this key will be listed here, refused ones included."
      />
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-end">
        <Button variant="ghost" size="sm" onClick={() => void q.refetch()} loading={q.isFetching}>
          {!q.isFetching && <RefreshCw aria-hidden className="h-4 w-4" />}
          Refresh
        </Button>
      </div>
      <UsesTable uses={results} />
      <ListFooter
        noun={['request', 'requests']}
        page={page}
        count={count}
        capped={count_capped}
        pageSize={API_KEY_USES_PAGE_SIZE}
        onPageChange={setPage}
      />
    </div>
  );
}

/** A key's audit log: every request made with it (time, method, path, status, IP), newest first, a page at a time. */
export function ApiKeyUsesDialog({ apiKey, onClose }: { apiKey: TApiKey | null; onClose: () => void }) {
  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(o) => !o && onClose()}
      title={apiKey ? `Usage of “${apiKey.name}”` : 'Usage'}
      description={apiKey ? `Requests made with the key ${apiKey.prefix}…, newest first.` : undefined}
      className="sm:max-w-3xl"
    >
      {apiKey && <UsesBody key={apiKey.id} apiKey={apiKey} />}
    </Dialog>
  );
}
