import { LEAD_STATUSES, type TLead } from '@agency/contract';
import { Inbox, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Badge, Button, Card, ConfirmDialog, EmptyState, ErrorState, Field, NativeSelect, Pagination, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { errorMessage, formatRelativeTime } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { LEADS_PAGE_SIZE, useInvalidateClients, useLeads, type TLeadStatusFilter } from '../api/clients.queries';
import { cap, LeadStatusBadge } from './badges';

function LeadStatusSelect({ lead }: { lead: TLead }) {
  const invalidate = useInvalidateClients();
  const toast = useToast();
  const update = tsr.leads.updateLead.useMutation({
    onSuccess: async (res) => {
      toast.success(`Lead ${res.body.name} marked ${res.body.status}`);
      await invalidate({ leads: true });
    },
    onError: (err) => toast.error(errorMessage(err, 'Failed to update lead')),
  });
  const value = update.isPending && update.variables?.body.status ? update.variables.body.status : lead.status;
  return (
    <select
      aria-label={`Status of lead ${lead.name}`}
      value={value}
      disabled={update.isPending || lead.status === 'converted'}
      onChange={(e) => update.mutate({ params: { id: lead.id }, body: { status: e.target.value as TLead['status'] } })}
      className="h-8 rounded-md border border-border-strong bg-surface px-2 text-sm text-fg disabled:bg-subtle"
    >
      {LEAD_STATUSES.map((s) => (
        <option key={s} value={s} disabled={s === 'converted' && lead.status !== 'converted'}>
          {cap(s)}
        </option>
      ))}
    </select>
  );
}

function LeadRow({ lead, onConvert }: { lead: TLead; onConvert: () => void }) {
  // Read-only staff see the leads and their status; changing or converting one is not theirs.
  const { canWrite } = useStaffRole();
  return (
    <li className="space-y-2 px-5 py-4" data-testid="lead-row">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-fg">
            {lead.name}
            <LeadStatusBadge status={lead.status} />
            <Badge>{cap(lead.inquiryType)}</Badge>
          </p>
          <p className="truncate text-xs text-fg-muted">
            {lead.email}
            {lead.company ? ` · ${lead.company}` : ''} · {formatRelativeTime(lead.created_at)}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {canWrite ? <LeadStatusSelect lead={lead} /> : null}
          {canWrite && lead.status !== 'converted' && (
            <Button size="sm" variant="secondary" onClick={onConvert}>
              <UserPlus aria-hidden className="h-4 w-4" />
              {/* "Convert to client <name>": the name starts with the visible text (WCAG 2.5.3 Label in Name). */}
              Convert to client<span className="sr-only"> {lead.name}</span>
            </Button>
          )}
        </div>
      </div>
      <p className="text-sm font-medium text-fg">{lead.subject}</p>
      <p className="line-clamp-3 text-sm break-words whitespace-pre-line text-fg-muted">{lead.message}</p>
    </li>
  );
}

export interface LeadsPanelProps {
  status: TLeadStatusFilter;
  page: number;
  onStatusChange: (s: TLeadStatusFilter) => void;
  onPageChange: (p: number) => void;
}

export function LeadsPanel({ status, page, onStatusChange, onPageChange }: LeadsPanelProps) {
  const q = useLeads(status, page, true);
  const invalidate = useInvalidateClients();
  const toast = useToast();
  const [converting, setConverting] = useState<TLead | null>(null);
  const convert = tsr.leads.convertLead.useMutation({
    onSuccess: async (res) => {
      toast.success(`${res.body.name} is now a client`);
      setConverting(null);
      await invalidate({ leads: true });
    },
    onError: (err) => {
      toast.error(errorMessage(err, 'Failed to convert lead'));
      setConverting(null);
    },
  });
  const leads = q.data?.body.results ?? [];

  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-border px-5 py-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-base font-semibold text-fg">Leads</h2>
          <p className="text-sm text-fg-muted">Contact-form enquiries, newest first.</p>
        </div>
        <Field label="Lead status" className="sm:w-48">
          <NativeSelect value={status} onChange={(e) => onStatusChange(e.target.value as TLeadStatusFilter)}>
            <option value="all">All statuses</option>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {cap(s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      {q.isPending ? (
        <SkeletonGroup label="Loading leads" className="space-y-3 px-5 py-4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </SkeletonGroup>
      ) : q.isError ? (
        <ErrorState message={errorMessage(q.error, 'Failed to load leads')} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : leads.length === 0 ? (
        <EmptyState
          icon={<Inbox aria-hidden className="h-6 w-6" />}
          title={status === 'all' ? 'No leads yet' : 'No leads with this status'}
          description={
            status === 'all'
              ? 'Messages sent through the contact form on your site appear here.'
              : 'Choose another status to see more leads.'
          }
          {...(status !== 'all' && {
            action: (
              <Button variant="secondary" onClick={() => onStatusChange('all')}>
                Show all leads
              </Button>
            ),
          })}
        />
      ) : (
        <>
          <ul className="divide-y divide-border" aria-label="Leads">
            {leads.map((lead) => (
              <LeadRow key={lead.id} lead={lead} onConvert={() => setConverting(lead)} />
            ))}
          </ul>
          <Pagination className="border-t border-border px-5 py-3" page={page} count={q.data.body.count} pageSize={LEADS_PAGE_SIZE} onPageChange={onPageChange} />
        </>
      )}
      <ConfirmDialog
        open={converting !== null}
        onOpenChange={(o) => !o && setConverting(null)}
        title="Convert to client"
        message={
          converting
            ? `Create a client for ${converting.name}${converting.company ? ` (${converting.company})` : ''} on the starter package? You can edit the package and fee afterwards.`
            : ''
        }
        confirmLabel="Convert"
        destructive={false}
        loading={convert.isPending}
        onConfirm={() => converting && convert.mutate({ params: { id: converting.id }, body: {} })}
      />
    </Card>
  );
}
