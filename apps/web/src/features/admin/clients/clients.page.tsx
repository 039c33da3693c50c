import { CLIENT_STATUSES, type TClient } from '@agency/contract';
import { Plus, Search, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Card,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Field,
  Input,
  NativeSelect,
  formatTotal,
  Pagination,
  Skeleton,
  SkeletonGroup,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  useToast,
} from '@/components/ui';
import { useClientList } from '@/entities/clients/api/list-clients';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { pageParam, useUrlParams } from '@/lib/use-url-params';
import { CLIENTS_PAGE_SIZE, clientsScreenQuery, useInvalidateClients, type TClientStatusFilter, type TLeadStatusFilter } from './api/clients.queries';
import { cap } from './components/badges';
import { ClientCard } from './components/client-card';
import { ClientDetailsDialog } from './components/client-details-dialog';
import { ClientFormDialog } from './components/client-form-dialog';
import { ClientStatsDialog } from './components/client-stats-dialog';
import { LeadsPanel } from './components/leads-panel';
import { SummaryCards } from './components/summary-cards';

const STATUS_FILTERS: TClientStatusFilter[] = ['all', ...CLIENT_STATUSES, 'archived'];
const LEAD_FILTERS = ['all', 'new', 'contacted', 'converted', 'closed'] as const;

function asStatus(v: string | null): TClientStatusFilter {
  return STATUS_FILTERS.includes(v as TClientStatusFilter) ? (v as TClientStatusFilter) : 'all';
}
function asLeadStatus(v: string | null): TLeadStatusFilter {
  return (LEAD_FILTERS as readonly string[]).includes(v ?? '') ? (v as TLeadStatusFilter) : 'all';
}

function ClientsGridSkeleton() {
  return (
    <SkeletonGroup label="Loading clients" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-64" />
      ))}
    </SkeletonGroup>
  );
}

/** `onAdd` is absent for read-only staff. */
function ClientsList({ onAdd }: { onAdd?: (() => void) | undefined }) {
  const { params, update } = useUrlParams();
  const search = params.get('q') ?? '';
  const status = asStatus(params.get('status'));
  const page = pageParam(params.get('page'));

  // The input is local so typing stays smooth; the URL (and so the query) follows after 300 ms.
  const [input, setInput] = useState(search);
  const debounced = useDebouncedValue(input.trim(), 300);
  const lastSearch = useRef(search);
  useEffect(() => {
    if (debounced !== lastSearch.current) {
      lastSearch.current = debounced;
      update({ q: debounced, page: null });
    }
  }, [debounced, update]);

  const list = useClientList(clientsScreenQuery(search, status, page), { keepPrevious: true });
  const invalidate = useInvalidateClients();
  const toast = useToast();

  const [viewing, setViewing] = useState<TClient | null>(null);
  const [editing, setEditing] = useState<TClient | null>(null);
  const [deleting, setDeleting] = useState<TClient | null>(null);
  const [stats, setStats] = useState<TClient | null>(null);

  const archive = tsr.clients.archiveClient.useMutation({
    onSuccess: async () => {
      toast.success(deleting ? `Client ${deleting.name} deleted` : 'Client deleted');
      setDeleting(null);
      await invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to delete client')),
  });
  const restore = tsr.clients.restoreClient.useMutation({
    onSuccess: async (res) => {
      toast.success(`${res.body.name} restored`);
      await invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to restore client')),
  });
  const markPaid = tsr.clients.updatePaymentStatus.useMutation({
    onSuccess: async (res) => {
      toast.success(`${res.body.name} marked as paid`);
      await invalidate();
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update payment status')),
  });

  const filtersActive = search !== '' || status !== 'all';
  const clients = list.data?.body.results ?? [];

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="relative flex-1">
          <Field label="Search clients">
            <Input
              type="search"
              className="pl-9"
              placeholder="Name, email or company"
              value={input}
              onChange={(e) => setInput(e.target.value)}
            />
          </Field>
          <Search aria-hidden className="pointer-events-none absolute bottom-3 left-3 h-4 w-4 text-fg-subtle" />
        </div>
        <Field label="Status" className="sm:w-48">
          <NativeSelect value={status} onChange={(e) => update({ status: e.target.value === 'all' ? null : e.target.value, page: null })}>
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? 'All statuses' : cap(s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      {list.isPending ? (
        <ClientsGridSkeleton />
      ) : list.isError ? (
        <Card>
          <ErrorState message={errorMessage(list.error, 'Failed to load clients')} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        </Card>
      ) : clients.length === 0 ? (
        <Card>
          {filtersActive ? (
            <EmptyState
              icon={<Search aria-hidden className="h-6 w-6" />}
              title="No clients match your search criteria"
              description="Try another name, email or company, or clear the filters."
              action={
                <Button
                  variant="secondary"
                  onClick={() => {
                    setInput('');
                    lastSearch.current = '';
                    update({ q: null, status: null, page: null });
                  }}
                >
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<Users aria-hidden className="h-6 w-6" />}
              title="No Clients Yet"
              description="Add your first client to start managing their account."
              action={onAdd && <Button onClick={onAdd}>Add New Client</Button>}
            />
          )}
        </Card>
      ) : (
        <>
          <p className="text-sm text-fg-muted" aria-live="polite">
            {list.data.body.count === 1 && !list.data.body.count_capped ? '1 client' : `${formatTotal(list.data.body.count, list.data.body.count_capped)} clients`}
            {filtersActive ? ' match' : ''}
          </p>
          <div className={`grid gap-4 md:grid-cols-2 xl:grid-cols-3 ${list.isPlaceholderData ? 'opacity-60' : ''}`}>
            {clients.map((c) => (
              <ClientCard
                key={c.id}
                client={c}
                onView={() => setViewing(c)}
                onEdit={() => setEditing(c)}
                onDelete={() => setDeleting(c)}
                onStats={() => setStats(c)}
                onMarkPaid={() => markPaid.mutate({ params: { id: c.id }, body: { payment_status: 'paid' } })}
                markingPaid={markPaid.isPending && markPaid.variables?.params.id === c.id}
                onRestore={() => restore.mutate({ params: { id: c.id } })}
                restoring={restore.isPending && restore.variables?.params.id === c.id}
              />
            ))}
          </div>
          <Pagination page={page} count={list.data.body.count} capped={list.data.body.count_capped} pageSize={CLIENTS_PAGE_SIZE} onPageChange={(p) => update({ page: p === 1 ? null : p })} />
        </>
      )}

      {/* The open client as the list now has it: an invite or an edit refreshes what the dialog shows. */}
      <ClientDetailsDialog client={viewing && (clients.find((c) => c.id === viewing.id) ?? viewing)} onClose={() => setViewing(null)} />
      <ClientStatsDialog client={stats} onClose={() => setStats(null)} />
      <ClientFormDialog open={editing !== null} client={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete Client"
        message="Are you sure you want to delete this client?"
        confirmLabel="Delete"
        loading={archive.isPending}
        onConfirm={() => deleting && archive.mutate({ params: { id: deleting.id } })}
      />
    </div>
  );
}

export default function AdminClientsPage() {
  const { isAdmin } = useAuth();
  const { canWrite, seesAgencyWide } = useStaffRole();
  const { params, update } = useUrlParams();
  const tab = params.get('tab') === 'leads' ? 'leads' : 'clients';
  // ?new=1 (the overview's "Add New Client" quick action) opens the Add modal once, then leaves the URL.
  const [adding, setAdding] = useState(() => params.get('new') === '1');
  useEffect(() => {
    if (params.get('new') === '1') update({ new: null });
  }, [params, update]);

  if (!isAdmin) return <AccessDenied title="Access Denied - You need admin privileges to access this page." />;

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold text-fg">Clients</h2>
          <p className="mt-1 text-sm text-fg-muted">
            {seesAgencyWide ? 'Accounts, packages and payments of every client, plus new leads.' : 'Accounts, packages and payments of the clients assigned to you.'}
          </p>
        </div>
        {canWrite && (
          <Button onClick={() => setAdding(true)}>
            <Plus aria-hidden className="h-4 w-4" />
            Add New Client
          </Button>
        )}
      </div>

      <SummaryCards />

      {/* Leads are agency-wide: managers, who see only their own clients, have no Leads tab (the API refuses them). */}
      <Tabs value={seesAgencyWide ? tab : 'clients'} onValueChange={(v) => update({ tab: v === 'leads' ? 'leads' : null })}>
        {seesAgencyWide && (
          <TabsList aria-label="Clients and leads">
            <TabsTrigger value="clients">Clients</TabsTrigger>
            <TabsTrigger value="leads">Leads</TabsTrigger>
          </TabsList>
        )}
        <TabsContent value="clients">
          <ClientsList onAdd={canWrite ? () => setAdding(true) : undefined} />
        </TabsContent>
        {seesAgencyWide && (
          <TabsContent value="leads">
            <LeadsPanel
              status={asLeadStatus(params.get('lstatus'))}
              page={pageParam(params.get('lpage'))}
              onStatusChange={(s) => update({ lstatus: s === 'all' ? null : s, lpage: null })}
              onPageChange={(p) => update({ lpage: p === 1 ? null : p })}
            />
          </TabsContent>
        )}
      </Tabs>

      <ClientFormDialog open={adding && canWrite} client={null} onClose={() => setAdding(false)} />
    </div>
  );
}
