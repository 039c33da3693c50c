import { API_KEY_RATE_PER_MINUTE, type TApiKey } from '@agency/contract';
import { History, KeyRound, Plus, ShieldOff } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Label,
  ListFooter,
  ResponsiveTable,
  Skeleton,
  SkeletonGroup,
  Switch,
  useToast,
} from '@/components/ui';
import { errorMessage, formatDay, formatRelativeTime } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { API_KEYS_PAGE_SIZE, useApiKeys, useInvalidateApiKeys, useRevokeApiKey } from '../api/api-keys.queries';
import { ApiKeyStatusBadge, ScopeChips } from './api-key-bits';
import { SettingsCardHeader } from './settings-card-header';
import { ApiReferenceLink, Code, formatLogTime } from './developer-bits';
import { ApiKeyCreateDialog } from './api-key-create-dialog';
import { ApiKeyUsesDialog } from './api-key-uses-dialog';

export const NO_API_KEYS = 'No API keys yet';
export const API_KEY_REVOKED = 'API key revoked';

/** The list's view in the URL (?include_revoked=true&keys_page=2) beside ?tab=api-keys, so it survives reload. */
function useApiKeyListParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => {
    const search = new URLSearchParams(location.search);
    const page = Number(search.get('keys_page'));
    return { includeRevoked: search.get('include_revoked') === 'true', page: Number.isInteger(page) && page > 1 ? page : 1 };
  }, [location.search]);
  const setParams = useCallback(
    (patch: Partial<typeof params>) => {
      const next = { ...params, ...patch, page: patch.page ?? 1 };
      const search = new URLSearchParams(location.search);
      if (next.includeRevoked) search.set('include_revoked', 'true');
      else search.delete('include_revoked');
      if (next.page > 1) search.set('keys_page', String(next.page));
      else search.delete('keys_page');
      const qs = search.toString();
      navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '', hash: location.hash }, { replace: true });
    },
    [params, navigate, location.pathname, location.search, location.hash],
  );
  return [params, setParams] as const;
}

function Intro() {
  return (
    <div className="space-y-2 text-sm text-fg-muted">
      <p>
        API keys let other systems use the agency&apos;s API. A key acts as the admin who created it, only on the resources
        and with the access (read or write) given to it; accounts, settings, billing, files and keys stay closed to it.
      </p>
      <p>
        Send the key with every request as <Code>Authorization: Bearer &lt;key&gt;</Code>. Each key may make{' '}
        {API_KEY_RATE_PER_MINUTE} requests a minute. Every request made with a key is kept in its usage log.{' '}
        <ApiReferenceLink />
      </p>
    </div>
  );
}

function LastUsed({ at }: { at: string | null }) {
  if (!at) return <span className="text-fg-subtle">Never</span>;
  return (
    <time dateTime={at} title={formatLogTime(at)}>
      {formatRelativeTime(at)}
    </time>
  );
}

function Expires({ apiKey }: { apiKey: TApiKey }) {
  if (apiKey.status === 'revoked') return <Dated label="Revoked" day={formatDay(apiKey.revoked_at)} />;
  if (!apiKey.expires_at) return <span>Never</span>;
  if (apiKey.status === 'expired') return <Dated label="Expired" day={formatDay(apiKey.expires_at)} />;
  return <span className="whitespace-nowrap">{formatDay(apiKey.expires_at)}</span>;
}

/** "Revoked" over its day (the table's column stays narrow). */
function Dated({ label, day }: { label: string; day: string }) {
  return (
    <span>
      {label} <span className="whitespace-nowrap">{day}</span>
    </span>
  );
}

interface TRowActions {
  onUsage: (k: TApiKey) => void;
  /** Absent for read-only staff (they see the keys and their usage, and change nothing). */
  onRevoke?: ((k: TApiKey) => void) | undefined;
}

function Actions({ apiKey, onUsage, onRevoke, stacked }: { apiKey: TApiKey; stacked?: boolean } & TRowActions) {
  return (
    <div className={stacked ? 'flex flex-col items-end gap-1' : 'flex justify-end gap-1'}>
      <Button variant="ghost" size="sm" onClick={() => onUsage(apiKey)}>
        <History aria-hidden className="h-4 w-4" />
        Usage<span className="sr-only"> of {apiKey.name}</span>
      </Button>
      {apiKey.status === 'active' && onRevoke && (
        <Button variant="ghost" size="sm" className="text-danger-700 hover:bg-danger-50 hover:text-danger-700" onClick={() => onRevoke(apiKey)}>
          <ShieldOff aria-hidden className="h-4 w-4" />
          Revoke<span className="sr-only"> {apiKey.name}</span>
        </Button>
      )}
    </div>
  );
}

function CreatedBy({ apiKey }: { apiKey: TApiKey }) {
  return (
    <>
      <span className="text-fg">{apiKey.created_by_name ?? '—'}</span>
      <span className="block text-xs text-fg-muted tabular-nums">{formatDay(apiKey.created_at)}</span>
    </>
  );
}

function KeysList({ keys, ...actions }: { keys: readonly TApiKey[] } & TRowActions) {
  const th = 'px-3 py-2 text-left font-medium';
  return (
    <ResponsiveTable
      items={keys}
      getKey={(k) => k.id}
      cardsLabel="API keys"
      actionsColumn
      head={
        <>
          <th scope="col" className={th}>Name</th>
          <th scope="col" className={th}>Scopes</th>
          <th scope="col" className={th}>Status</th>
          <th scope="col" className={th}>Created</th>
          <th scope="col" className={th}>Expires</th>
          <th scope="col" className={th}>Last used</th>
        </>
      }
      renderRow={(k) => (
        <tr key={k.id} data-testid="api-key-row" className="align-top">
          <td className="max-w-56 px-3 py-3">
            <span className="block font-medium break-words text-fg">{k.name}</span>
            <code className="text-xs text-fg-muted">{k.prefix}…</code>
          </td>
          <td className="min-w-40 px-3 py-3">
            <ScopeChips scopes={k.scopes} />
          </td>
          <td className="px-3 py-3">
            <ApiKeyStatusBadge status={k.status} />
          </td>
          <td className="px-3 py-3 whitespace-nowrap">
            <CreatedBy apiKey={k} />
          </td>
          <td className="px-3 py-3 text-fg-muted tabular-nums">
            <Expires apiKey={k} />
          </td>
          <td className="px-3 py-3 whitespace-nowrap text-fg-muted tabular-nums" data-testid="api-key-last-used">
            <LastUsed at={k.last_used_at} />
          </td>
          <td className="px-3 py-2">
            <Actions apiKey={k} stacked {...actions} />
          </td>
        </tr>
      )}
      renderCard={(k) => (
        <Card className="space-y-3 p-4" data-testid="api-key-card">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-medium break-words text-fg">{k.name}</p>
              <code className="text-xs text-fg-muted">{k.prefix}…</code>
            </div>
            <ApiKeyStatusBadge status={k.status} />
          </div>
          <ScopeChips scopes={k.scopes} />
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-xs">
            <div>
              <dt className="text-fg-muted">Created</dt>
              <dd className="text-sm">
                <CreatedBy apiKey={k} />
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">Expires</dt>
              <dd className="text-sm text-fg tabular-nums">
                <Expires apiKey={k} />
              </dd>
            </div>
            <div>
              <dt className="text-fg-muted">Last used</dt>
              <dd className="text-sm text-fg tabular-nums">
                <LastUsed at={k.last_used_at} />
              </dd>
            </div>
          </dl>
          <div className="-mx-2 -mb-2 border-t border-border pt-2">
            <Actions apiKey={k} {...actions} />
          </div>
        </Card>
      )}
    />
  );
}

function ListSkeleton() {
  return (
    <SkeletonGroup label="Loading API keys" className="space-y-2">
      {Array.from({ length: 3 }, (_, i) => (
        <Skeleton key={i} className="h-16 rounded-xl" />
      ))}
    </SkeletonGroup>
  );
}

/** Settings → API keys: what keys are, the list (active only unless asked), create, revoke, and each key's usage. */
export function ApiKeysTab() {
  const [params, setParams] = useApiKeyListParams();
  const q = useApiKeys(params);
  const [creating, setCreating] = useState(false);
  const [usageOf, setUsageOf] = useState<TApiKey | null>(null);
  const [revoking, setRevoking] = useState<TApiKey | null>(null);
  const revoke = useRevokeApiKey();
  const invalidate = useInvalidateApiKeys();
  const toast = useToast();
  const { canWrite } = useStaffRole();

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ params: { id: revoking.id } });
      toast.success(API_KEY_REVOKED);
      setRevoking(null);
      await invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not revoke the API key'));
    }
  };

  // A page past the end (the last key of the last page was revoked, or an old link): back to the last page there is.
  const body = q.isPlaceholderData ? undefined : q.data?.body;
  const lastPage = body && !body.count_capped && body.results.length === 0 ? Math.max(1, Math.ceil(body.count / API_KEYS_PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && params.page > lastPage) setParams({ page: lastPage });
  }, [lastPage, params.page, setParams]);

  const toggleId = 'api-keys-show-revoked';
  return (
    <div className="space-y-6">
      <Card>
        <SettingsCardHeader icon={<KeyRound aria-hidden className="h-5 w-5" />} title="API keys">
          {canWrite && (
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="h-4 w-4" />
              Create API key
            </Button>
          )}
        </SettingsCardHeader>
        <CardContent>
          <Intro />
        </CardContent>
      </Card>

      <section aria-labelledby="api-keys-list-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="api-keys-list-title" className="text-base font-semibold text-fg">
            Keys
          </h2>
          <div className="flex items-center gap-2">
            <Switch
              id={toggleId}
              checked={params.includeRevoked}
              onCheckedChange={(checked) => setParams({ includeRevoked: checked })}
            />
            <Label htmlFor={toggleId} className="font-normal">
              Show revoked and expired
            </Label>
          </div>
        </div>

        {q.isPending ? (
          <ListSkeleton />
        ) : q.isError ? (
          <Card>
            <ErrorState title="Could not load API keys" message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />
          </Card>
        ) : q.data.body.count === 0 ? (
          <Card>
            <EmptyState
              icon={<KeyRound aria-hidden className="h-6 w-6" />}
              title={NO_API_KEYS}
              description={
                params.includeRevoked
                  ? 'Create a key for each system that needs the API, so each can be revoked on its own.'
                  : 'Create a key for each system that needs the API. Revoked and expired keys are hidden.'
              }
              action={
                canWrite ? (
                  <Button onClick={() => setCreating(true)}>
                    <Plus aria-hidden className="h-4 w-4" />
                    Create API key
                  </Button>
                ) : undefined
              }
            />
          </Card>
        ) : (
          <div className="space-y-3" aria-busy={q.isPlaceholderData || undefined}>
            <KeysList keys={q.data.body.results} onUsage={setUsageOf} onRevoke={canWrite ? setRevoking : undefined} />
            <Card>
              <ListFooter
                noun={['key', 'keys']}
                page={params.page}
                count={q.data.body.count}
                capped={q.data.body.count_capped}
                pageSize={API_KEYS_PAGE_SIZE}
                onPageChange={(p) => setParams({ page: p })}
              />
            </Card>
          </div>
        )}
      </section>

      {canWrite && <ApiKeyCreateDialog open={creating} onOpenChange={setCreating} />}
      <ApiKeyUsesDialog apiKey={usageOf} onClose={() => setUsageOf(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(o) => !o && setRevoking(null)}
        title="Revoke API key"
        message={
          revoking
            ? `Revoke “${revoking.name}” (${revoking.prefix}…)? Anything using it stops working at once. This cannot be undone.`
            : ''
        }
        confirmLabel="Revoke key"
        onConfirm={() => void confirmRevoke()}
        loading={revoke.isPending}
      />
    </div>
  );
}
