import type { TContent } from '@agency/contract';
import { Plus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button, PageIntro, Pagination, useToast } from '@/components/ui';
import { useContentCalendar, useContentList } from '@/entities/content/api/list-content';
import { ClientContentDialog, type TClientContentDialogMode } from '@/entities/content/components/client-content-dialog';
import { ContentCalendarView, type TCalendarReschedule } from '@/entities/content/components/content-calendar';
import { ContentListStates } from '@/entities/content/components/content-list-states';
import { ContentStats } from '@/entities/content/components/content-stats';
import { CONTENT_PAGE_SIZE, contentCalendarQuery, type TContentFilters } from '@/entities/content/lib/content-query';
import { useContentParams } from '@/entities/content/lib/use-content-params';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { monthParam, parseMonth, shiftMonth } from '@/lib/calendar';
import { errorMessage } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { clientContentListQuery } from './api/content.queries';
import { ClientContentDetails, MoveToDateDialog } from './components/content-dialogs';
import { ClientContentCard, shortLabel, type TClientItemActions } from './components/content-item';
import { ClientContentTable } from './components/content-table';
import { ClientContentToolbar } from './components/content-toolbar';
import { rescheduledTo } from './lib/reschedule';

/** Client Content Calendar (client-and-public 2.5). */
export default function ClientContentPage() {
  const { params, update } = useContentParams();
  const toast = useToast();
  const invalidate = useInvalidateAffected('content');
  const [dialog, setDialog] = useState<TClientContentDialogMode | null>(null);
  const [details, setDetails] = useState<TContent | null>(null);
  const [moving, setMoving] = useState<TContent | null>(null);
  const [submittingId, setSubmittingId] = useState<number | null>(null);
  const submit = tsr.content.submitContent.useMutation();
  const move = tsr.content.updateContent.useMutation();

  const filters: TContentFilters = useMemo(
    () => ({ status: params.status || undefined, platform: params.platform || undefined }),
    [params.status, params.platform],
  );
  const month = useMemo(() => parseMonth(params.month), [params.month]);

  const actions: TClientItemActions = {
    submitting: submittingId,
    onOpen: setDetails,
    onEdit: (item) => {
      setDetails(null);
      setDialog({ kind: 'edit', item });
    },
    onSubmit: (item) => {
      setSubmittingId(item.id);
      submit.mutate(
        { params: { id: item.id }, body: {} },
        {
          onSuccess: () => {
            toast.success('Submitted for approval; the team has been notified');
            setDetails(null);
          },
          onError: (err) => toast.error(errorMessage(err, 'Failed to submit the content')),
          onSettled: () => {
            setSubmittingId(null);
            void invalidate();
          },
        },
      );
    },
  };

  const moveTo = (item: TContent, dayKey: string) =>
    move.mutate(
      { params: { id: item.id }, body: { scheduled_date: rescheduledTo(item.scheduled_date, dayKey) } },
      {
        onSuccess: () => {
          toast.success(`“${shortLabel(item)}” moved`);
          setMoving(null);
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to move the content')),
        onSettled: () => void invalidate(),
      },
    );

  const reschedule: TCalendarReschedule = {
    canMove: (item) => item.status === 'draft',
    onMove: moveTo,
    onMoveWithKeyboard: setMoving,
  };
  const calendar = useContentCalendar(contentCalendarQuery(filters, month), { enabled: params.view === 'calendar', keepPrevious: true });

  return (
    <div className="min-w-0 space-y-6">
      <PageIntro
        description="Plan your posts, send drafts to the team for approval and follow what has been posted."
        action={
          <Button onClick={() => setDialog({ kind: 'create' })}>
            <Plus aria-hidden className="h-4 w-4" />
            Create Content
          </Button>
        }
      />
      <ContentStats audience="client" />
      <ClientContentToolbar params={params} update={update} />

      {params.view === 'calendar' ? (
        <ContentCalendarView
          month={month}
          query={calendar}
          onMonthChange={(by) => update({ month: by === 'today' ? '' : monthParam(shiftMonth(month, by)) })}
          onOpen={setDetails}
          chipLabel={shortLabel}
          reschedule={reschedule}
        />
      ) : (
        <ContentCollection
          view={params.view}
          filters={filters}
          page={params.page}
          onPage={(page) => update({ page })}
          actions={actions}
          onCreate={() => setDialog({ kind: 'create' })}
        />
      )}

      <ClientContentDialog mode={dialog} onOpenChange={(o) => !o && setDialog(null)} />
      <ClientContentDetails item={details} onOpenChange={(o) => !o && setDetails(null)} actions={actions} />
      <MoveToDateDialog item={moving} onOpenChange={(o) => !o && setMoving(null)} onMove={moveTo} loading={move.isPending} />
    </div>
  );
}

function ContentCollection({
  view,
  filters,
  page,
  onPage,
  actions,
  onCreate,
}: {
  view: 'grid' | 'list';
  filters: TContentFilters;
  page: number;
  onPage: (page: number) => void;
  actions: TClientItemActions;
  onCreate: () => void;
}) {
  const list = useContentList(clientContentListQuery(filters, page), { keepPrevious: true });
  return (
    <ContentListStates
      list={list}
      filtered={Boolean(filters.status || filters.platform)}
      emptyDescription={{ filtered: 'Try another platform or status.', empty: 'Create your first post; the team reviews it before it goes out.' }}
      onCreate={onCreate}
    >
      {({ results, count }) => (
        <div className="space-y-4">
          <p className="text-sm text-fg-muted tabular-nums">
            {count} {count === 1 ? 'item' : 'items'}
          </p>
          {view === 'grid' ? (
            <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Content">
              {results.map((item) => (
                <li key={item.id} className="flex [&>*]:w-full">
                  <ClientContentCard item={item} actions={actions} />
                </li>
              ))}
            </ul>
          ) : (
            <ClientContentTable items={results} actions={actions} />
          )}
          <Pagination page={page} count={count} pageSize={CONTENT_PAGE_SIZE} onPageChange={onPage} />
        </div>
      )}
    </ContentListStates>
  );
}
