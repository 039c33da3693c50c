import { CalendarClock } from 'lucide-react';
import { useId } from 'react';
import { Dialog, ErrorState, Skeleton, SkeletonGroup, Switch, useToast } from '@/components/ui';
import { errorMessage, formatDay, formatRelativeTime } from '@/lib/format';
import { useReportSchedule, useSetReportSchedule } from '../api/performance.queries';

/**
 * A client's scheduled monthly report: on the 1st the report of the month that ended is e-mailed as a PDF to the
 * client. Shows on/off, the recipient, when it last went and when it goes next.
 */
export function ReportScheduleDialog({
  client,
  onOpenChange,
}: {
  client: { id: number; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const toast = useToast();
  const schedule = useReportSchedule(client?.id ?? null);
  const save = useSetReportSchedule();
  const s = schedule.data?.status === 200 ? schedule.data.body : undefined;

  const toggle = (enabled: boolean) => {
    if (!client) return;
    save.mutate(
      { params: { id: client.id }, body: { enabled } },
      {
        onSuccess: (res) => {
          if (res.status === 200) {
            toast.success(enabled ? `Monthly report of ${client.name} scheduled` : `Monthly report of ${client.name} turned off`);
          }
        },
        onError: (err) => toast.error(errorMessage(err, 'Failed to change the schedule')),
      },
    );
  };

  return (
    <Dialog
      open={client !== null}
      onOpenChange={onOpenChange}
      title="Monthly report e-mail"
      description={client ? `${client.name}'s performance report, e-mailed as a PDF on the 1st of each month.` : undefined}
    >
      {schedule.isPending ? (
        <SkeletonGroup label="Loading the schedule" className="space-y-3">
          <Skeleton className="h-10" />
          <Skeleton className="h-16" />
        </SkeletonGroup>
      ) : schedule.isError || !s ? (
        <ErrorState
          className="py-6"
          message={errorMessage(schedule.error, 'Failed to load the schedule')}
          onRetry={() => void schedule.refetch()}
          retrying={schedule.isFetching}
        />
      ) : (
        <div className="space-y-4">
          <div className="flex items-center justify-between gap-4 rounded-lg border border-border p-3">
            <label htmlFor={`${id}-enabled`} className="text-sm">
              <span className="block font-medium text-fg">Send the monthly report</span>
              <span className="block text-fg-muted">{s.enabled ? 'On' : 'Off'}</span>
            </label>
            <Switch id={`${id}-enabled`} checked={s.enabled} disabled={save.isPending} onCheckedChange={toggle} />
          </div>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-fg-muted">Recipient</dt>
            <dd className="break-all text-fg">{s.recipient_email || '—'}</dd>
            <dt className="text-fg-muted">Last sent</dt>
            <dd className="text-fg">
              {s.last_sent_at ? `${formatDay(s.last_sent_at)} (${formatRelativeTime(s.last_sent_at)})` : 'Never'}
              {s.last_sent_month && <span className="text-fg-muted"> · report of {s.last_sent_month}</span>}
            </dd>
            <dt className="text-fg-muted">Next report</dt>
            <dd className="flex items-center gap-1.5 text-fg">
              {s.enabled && s.next_run_at ? (
                <>
                  <CalendarClock aria-hidden className="h-4 w-4 text-fg-subtle" />
                  {formatDay(s.next_run_at)}
                </>
              ) : (
                'Not scheduled'
              )}
            </dd>
          </dl>
        </div>
      )}
    </Dialog>
  );
}
