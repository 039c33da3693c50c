import { AUDIT_OBJECT_TYPES, type TAuditEntry, type TAuditFilters } from '@agency/contract';
import { FileDown, History, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button, DebouncedSearchInput, EmptyState, ErrorState, FilterSelect, Input, ListFooter, NativeSelect, ResponsiveTable, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { downloadFile } from '@/lib/download';
import { displayIp, errorMessage, formatDateTime } from '@/lib/format';
import { AUDIT_PAGE_SIZE, useAuditActors, useAuditLog } from '../api/audit.queries';
import { actionLabel, changeLines, objectText, objectTypeLabel } from '../lib/audit-format';

const ACTOR_TYPE_NOTE: Record<TAuditEntry['actor_type'], string | null> = { user: null, api_key: 'API key', webhook: 'Webhook', system: 'Automatic' };

function Changes({ entry }: { entry: TAuditEntry }) {
  const lines = changeLines(entry.changes);
  if (lines.length === 0) return <span className="text-fg-subtle">—</span>;
  return (
    <ul className="space-y-0.5 text-xs break-words text-fg-muted">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function Who({ entry }: { entry: TAuditEntry }) {
  const note = ACTOR_TYPE_NOTE[entry.actor_type];
  return (
    <span>
      <span className="font-medium text-fg">{entry.actor}</span>
      {note && <span className="ml-1 text-xs text-fg-muted">({note})</span>}
    </span>
  );
}

/** Only the filters that are set (the query string stays short, and the CSV gets the same ones). */
function setFilters(f: TAuditFilters): TAuditFilters {
  return Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined && v !== '')) as TAuditFilters;
}

function exportQuery(filters: TAuditFilters): string {
  return new URLSearchParams(Object.entries(setFilters(filters)).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * The audit log: who changed what, newest first, filtered by person, kind of object, action and dates, a page at a
 * time, with a CSV of what the filters match. The server decides whose log it is (the agency's for owners, the
 * client's own account's for a client), so the same panel serves both.
 */
export function AuditLogPanel({ showClient = true }: { showClient?: boolean }) {
  const [filters, setFiltersState] = useState<TAuditFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const { error } = useToast();
  const applied = setFilters(filters);
  const list = useAuditLog(applied, page);
  const actors = useAuditActors();

  const change = (patch: Partial<TAuditFilters>) => {
    setFiltersState((f) => ({ ...f, ...patch }));
    setPage(1);
  };
  const exportCsv = () => {
    setExporting(true);
    const qs = exportQuery(applied);
    downloadFile(`/api/audit-log/export/${qs ? `?${qs}` : ''}`, 'audit-log.csv')
      .catch((err: unknown) => error(errorMessage(err, 'Could not export the audit log')))
      .finally(() => setExporting(false));
  };
  const fieldErrors = (list.error as { body?: { errors?: Record<string, string[]> } } | null)?.body?.errors;

  return (
    <div className="space-y-4">
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-5" role="group" aria-label="Filter the audit log">
        <div>
          <label htmlFor="audit-actor" className="sr-only">
            Person
          </label>
          <NativeSelect id="audit-actor" value={filters.actor ?? ''} onChange={(e) => change({ actor: e.target.value ? Number(e.target.value) : undefined })}>
            <option value="">Everyone</option>
            {(actors.data?.body.results ?? []).map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <FilterSelect
          id="audit-object"
          label="Kind of object"
          allLabel="Every kind"
          options={AUDIT_OBJECT_TYPES}
          optionLabel={objectTypeLabel}
          value={filters.object_type ?? ''}
          onChange={(v) => change({ object_type: (v || undefined) as TAuditFilters['object_type'] })}
        />
        <DebouncedSearchInput
          id="audit-action"
          label="Action"
          placeholder="Action, e.g. invoice"
          value={filters.action ?? ''}
          onCommit={(v) => change({ action: v || undefined })}
        />
        <div>
          <label htmlFor="audit-from" className="text-xs text-fg-muted">
            From
          </label>
          <Input id="audit-from" type="date" value={filters.from ?? ''} onChange={(e) => change({ from: e.target.value || undefined })} />
        </div>
        <div>
          <label htmlFor="audit-to" className="text-xs text-fg-muted">
            To
          </label>
          <Input
            id="audit-to"
            type="date"
            value={filters.to ?? ''}
            onChange={(e) => change({ to: e.target.value || undefined })}
            aria-invalid={fieldErrors?.to ? true : undefined}
            aria-describedby={fieldErrors?.to ? 'audit-to-error' : undefined}
          />
          {fieldErrors?.to && (
            <p id="audit-to-error" className="mt-1 text-xs text-danger-700">
              {fieldErrors.to[0]}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => void list.refetch()} loading={list.isFetching && !list.isPending}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          Refresh
        </Button>
        <Button variant="secondary" size="sm" onClick={exportCsv} loading={exporting}>
          {!exporting && <FileDown aria-hidden className="h-4 w-4" />}
          Export CSV
        </Button>
      </div>
      <AuditEntries list={list} page={page} onPageChange={setPage} filtered={Object.keys(applied).length > 0} showClient={showClient} />
    </div>
  );
}

function AuditEntries({
  list,
  page,
  onPageChange,
  filtered,
  showClient,
}: {
  list: ReturnType<typeof useAuditLog>;
  page: number;
  onPageChange: (page: number) => void;
  filtered: boolean;
  showClient: boolean;
}) {
  if (list.isPending) {
    return (
      <SkeletonGroup label="Loading the audit log" className="space-y-2">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </SkeletonGroup>
    );
  }
  if (list.isError && !list.data) {
    return <ErrorState title="Could not load the audit log" message={errorMessage(list.error)} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }
  const { count, count_capped, results } = list.data!.body;
  if (count === 0 && page === 1) {
    return (
      <EmptyState
        icon={<History aria-hidden className="h-6 w-6" />}
        title={filtered ? 'Nothing matches these filters' : 'Nothing recorded yet'}
        description={filtered ? 'Try another person, kind or dates.' : 'Every change made by people, API keys, webhooks and automatic jobs will be listed here.'}
      />
    );
  }
  return (
    <div className="space-y-2">
      <ResponsiveTable
        items={results}
        getKey={(e) => e.id}
        cardsLabel="Audit log entries"
        head={
          <>
            <th scope="col" className="px-4 py-2 font-medium">When</th>
            <th scope="col" className="px-4 py-2 font-medium">Who</th>
            <th scope="col" className="px-4 py-2 font-medium">Action</th>
            <th scope="col" className="px-4 py-2 font-medium">Object</th>
            <th scope="col" className="px-4 py-2 font-medium">Changes</th>
            <th scope="col" className="px-4 py-2 font-medium">IP</th>
          </>
        }
        renderRow={(e) => (
          <tr key={e.id} data-testid="audit-entry" className="align-top">
            <td className="px-4 py-2 whitespace-nowrap text-fg-muted tabular-nums">{formatDateTime(e.at, { seconds: true })}</td>
            <td className="px-4 py-2">
              <Who entry={e} />
            </td>
            <td className="px-4 py-2 text-fg">{actionLabel(e.action)}</td>
            <td className="px-4 py-2 text-fg">
              {objectText(e)}
              {showClient && e.client_name && <span className="block text-xs text-fg-muted">{e.client_name}</span>}
            </td>
            <td className="max-w-xs px-4 py-2">
              <Changes entry={e} />
            </td>
            <td className="px-4 py-2 font-mono text-xs whitespace-nowrap text-fg-muted">{displayIp(e.ip)}</td>
          </tr>
        )}
        renderCard={(e) => (
          <div data-testid="audit-entry-card" className="space-y-1 text-sm">
            <p className="text-fg">
              <span className="font-medium">{actionLabel(e.action)}</span> · {objectText(e)}
            </p>
            <p className="text-xs text-fg-muted">
              <Who entry={e} /> · {formatDateTime(e.at, { seconds: true })} · {displayIp(e.ip)}
            </p>
            <Changes entry={e} />
          </div>
        )}
      />
      <ListFooter noun={['entry', 'entries']} page={page} count={count} capped={count_capped} pageSize={AUDIT_PAGE_SIZE} onPageChange={onPageChange} />
    </div>
  );
}
