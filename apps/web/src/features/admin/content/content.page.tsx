import { BULK_REJECT_FEEDBACK, type TContent } from '@agency/contract';
import { Check, Plus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { BulkActionBar, Button, ConfirmDialog, formatTotal, PageIntro, Pagination, useToast } from '@/components/ui';
import { useContentList } from '@/entities/content/api/list-content';
import { ContentListStates } from '@/entities/content/components/content-list-states';
import { ContentStats } from '@/entities/content/components/content-stats';
import { approvalOutcome } from '@/entities/content/components/review-status';
import { CONTENT_PAGE_SIZE, type TContentFilters } from '@/entities/content/lib/content-query';
import { useContentParams } from '@/entities/content/lib/use-content-params';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { monthParam, parseMonth, shiftMonth } from '@/lib/calendar';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { useSelection, type Selection } from '@/lib/use-selection';
import { adminContentListQuery } from './api/content.queries';
import { ContentCalendar } from './components/content-calendar';
import { ContentCard, type ContentItemActions } from './components/content-card';
import { ContentDetailsDialog, RejectDialog, type TDraftStep } from './components/content-dialogs';
import { ContentList } from './components/content-list';
import { ContentToolbar } from './components/content-toolbar';
import { ContentFormDialog, type TContentFormMode } from './components/content-form-dialog';
import { ACTION_DONE } from './components/action-choice';

const APPROVED_MESSAGES: Record<ReturnType<typeof approvalOutcome>, string> = {
  'sent-to-client': 'Sent to the client for approval',
  'approved-for-client': 'Content approved on the client’s behalf',
  approved: 'Content approved',
};

function items(n: number, capped?: boolean): string {
  return `${formatTotal(n, capped)} ${n === 1 && !capped ? 'item' : 'items'}`;
}

/** Admin Content (admin-and-foundations 2.7). */
export default function AdminContentPage() {
  const { params, update } = useContentParams();
  const toast = useToast();
  const invalidate = useInvalidateAffected('content');
  const selection = useSelection();
  const { selected, toggle } = selection;
  const [details, setDetails] = useState<TContent | null>(null);
  const [rejecting, setRejecting] = useState<TContent | null>(null);
  const [form, setForm] = useState<TContentFormMode | null>(null);
  const [deleting, setDeleting] = useState<TContent | null>(null);
  const openCreate = () => setForm({ kind: 'create' });
  const { canWrite, isOwner } = useStaffRole();

  const filters: TContentFilters = useMemo(
    () => ({
      search: params.search || undefined,
      status: params.status || undefined,
      platform: params.platform || undefined,
      client: params.client || undefined,
    }),
    [params.search, params.status, params.platform, params.client],
  );
  const month = useMemo(() => parseMonth(params.month), [params.month]);

  const approve = tsr.content.approveContent.useMutation();
  const reject = tsr.content.rejectContent.useMutation();
  const bulk = tsr.content.bulkApproveContent.useMutation();
  const sendLink = tsr.content.sendReviewLink.useMutation();
  const remove = tsr.content.deleteContent.useMutation();
  const submit = tsr.content.submitContent.useMutation();
  const patch = tsr.content.updateContent.useMutation();
  const busy = approve.isPending || reject.isPending || bulk.isPending || submit.isPending || patch.isPending;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { params: { id: deleting.id } },
      {
        onSuccess: () => {
          toast.success('Content deleted');
          setDeleting(null);
          setDetails(null);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to delete the content')),
        onSettled: () => void invalidate(),
      },
    );
  };

  /** A draft's next step from its details: submitted, sent to the client, or approved (as its client's mode has it). */
  const draftStep = (item: TContent, step: TDraftStep) => {
    const done = {
      onSuccess: () => {
        toast.success(ACTION_DONE[step]);
        setDetails(null);
      },
      onError: (err: unknown) => toast.error(errorMessage(err, 'Failed to update the content')),
      onSettled: () => void invalidate(),
    };
    if (step === 'approve') patch.mutate({ params: { id: item.id }, body: { status: 'approved' } }, done);
    else submit.mutate({ params: { id: item.id }, body: step === 'send_to_client' ? { send_to_client: true } : {} }, done);
  };

  const approveOne = (item: TContent) =>
    approve.mutate(
      { params: { id: item.id } },
      {
        onSuccess: ({ body }) => {
          toast.success(APPROVED_MESSAGES[approvalOutcome(item, body)]);
          setDetails(null);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to approve the content')),
        onSettled: () => void invalidate(),
      },
    );

  const rejectOne = (feedback: string) => {
    if (!rejecting) return;
    reject.mutate(
      { params: { id: rejecting.id }, body: feedback ? { feedback } : {} },
      {
        onSuccess: () => {
          toast.success('Content rejected; the client has been notified');
          setRejecting(null);
          setDetails(null);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to reject the content')),
        onSettled: () => void invalidate(),
      },
    );
  };

  const sendLinkFor = (item: TContent) =>
    sendLink.mutate(
      { params: { id: item.id } },
      {
        onSuccess: ({ body }) => toast.success(`Review link sent to ${body.sent_to}`),
        onError: (err) => toast.error(errorMessage(err, 'Failed to send the review link')),
      },
    );
  const sendingLinkFor = (item: TContent) => sendLink.isPending && sendLink.variables?.params.id === item.id;

  const bulkAction = (action: 'approve' | 'reject') => {
    const ids = [...selected];
    bulk.mutate(
      { body: { content_ids: ids, action, ...(action === 'reject' ? { feedback: BULK_REJECT_FEEDBACK } : {}) } },
      {
        onSuccess: ({ body }) => {
          const skipped = ids.length - body.updated;
          toast.success(
            `${items(body.updated)} ${action === 'approve' ? 'approved' : 'rejected'}` +
              (skipped > 0 ? ` (${skipped} skipped: ${isOwner || action === 'reject' ? 'not pending approval' : 'not pending approval, or waiting for the client'})` : ''),
          );
          selection.clear();
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to update the content')),
        onSettled: () => void invalidate(),
      },
    );
  };

  const actionsFor = (item: TContent): ContentItemActions => ({
    selected: selected.has(item.id),
    onSelect: (checked) => toggle(item.id, checked),
    onOpen: () => setDetails(item),
    onApprove: () => approveOne(item),
    onReject: () => setRejecting(item),
    onSendLink: () => sendLinkFor(item),
    sendingLink: sendingLinkFor(item),
    busy,
  });

  return (
    <div className="min-w-0 space-y-6">
      <PageIntro
        description="Review, approve and schedule every client's posts."
        action={
          canWrite && (
            <Button onClick={openCreate}>
              <Plus aria-hidden className="h-4 w-4" />
              Create Content
            </Button>
          )
        }
      />

      <ContentStats audience="agency" />
      <ContentToolbar params={params} update={update} />

      <BulkActionBar count={canWrite ? selected.size : 0}>
        <Button size="sm" onClick={() => bulkAction('approve')} disabled={busy}>
          <Check aria-hidden className="h-4 w-4" />
          Approve
        </Button>
        <Button size="sm" variant="secondary" onClick={() => bulkAction('reject')} disabled={busy}>
          <X aria-hidden className="h-4 w-4" />
          Reject
        </Button>
        <Button size="sm" variant="ghost" onClick={selection.clear}>
          Clear
        </Button>
      </BulkActionBar>

      {params.view === 'calendar' ? (
        <ContentCalendar
          month={month}
          filters={filters}
          onMonthChange={(by) => update({ month: by === 'today' ? '' : monthParam(shiftMonth(month, by)) })}
          onOpen={setDetails}
        />
      ) : (
        <ContentCollection
          view={params.view}
          filters={filters}
          page={params.page}
          onPage={(page) => update({ page })}
          actionsFor={actionsFor}
          selection={selection}
          onCreate={canWrite ? openCreate : undefined}
        />
      )}

      <ContentFormDialog mode={form} onOpenChange={(o) => !o && setForm(null)} />
      <ContentDetailsDialog
        item={details}
        onOpenChange={(o) => !o && setDetails(null)}
        onApprove={approveOne}
        onReject={(item) => setRejecting(item)}
        onSendLink={sendLinkFor}
        sendingLink={details !== null && sendingLinkFor(details)}
        onEdit={(item) => {
          setDetails(null);
          setForm({ kind: 'edit', item });
        }}
        onDelete={setDeleting}
        onDraftStep={draftStep}
        busy={busy}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete content"
        message="Are you sure you want to delete this post? Its comments and approval history are deleted with it."
        confirmLabel="Delete"
        onConfirm={confirmDelete}
        loading={remove.isPending}
      />
      <RejectDialog item={rejecting} onOpenChange={(o) => !o && setRejecting(null)} onConfirm={rejectOne} loading={reject.isPending} />
    </div>
  );
}

function ContentCollection({
  view,
  filters,
  page,
  onPage,
  actionsFor,
  selection,
  onCreate,
}: {
  view: 'grid' | 'list';
  filters: TContentFilters;
  page: number;
  onPage: (page: number) => void;
  actionsFor: (item: TContent) => ContentItemActions;
  selection: Selection;
  /** Absent for read-only staff. */
  onCreate?: (() => void) | undefined;
}) {
  const list = useContentList(adminContentListQuery(filters, page), { keepPrevious: true });
  return (
    <ContentListStates
      list={list}
      filtered={Boolean(filters.search || filters.status || filters.platform || filters.client)}
      emptyDescription={{ filtered: 'Try another search or clear the filters.', empty: 'Create the first post for a client.' }}
      onCreate={onCreate}
    >
      {({ results, count, count_capped: capped }) => {
        const ids = results.map((c) => c.id);
        const allSelected = selection.allSelected(ids);
        const selectAll = (checked: boolean) => selection.setMany(ids, checked);
        return (
          <div className="space-y-4">
            <div className="flex items-center justify-between gap-3">
              <p className="text-sm text-fg-muted tabular-nums">{items(count, capped)}</p>
              {view === 'grid' && (
                <label className="flex items-center gap-2 text-sm text-fg-muted">
                  <input
                    type="checkbox"
                    checked={allSelected}
                    onChange={(e) => selectAll(e.target.checked)}
                    className="h-4 w-4 rounded border-border-strong accent-brand-600"
                  />
                  Select all on this page
                </label>
              )}
            </div>
            {view === 'grid' ? (
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Content">
                {results.map((item) => (
                  <li key={item.id} className="flex">
                    <div className="flex w-full [&>*]:w-full">
                      <ContentCard item={item} actions={actionsFor(item)} />
                    </div>
                  </li>
                ))}
              </ul>
            ) : (
              <ContentList items={results} actionsFor={actionsFor} allSelected={allSelected} onSelectAll={selectAll} />
            )}
            <Pagination page={page} count={count} capped={capped} pageSize={CONTENT_PAGE_SIZE} onPageChange={onPage} />
          </div>
        );
      }}
    </ContentListStates>
  );
}
