import { WEBHOOK_DELIVERY_STATUSES, type TWebhookDelivery, type TWebhookEndpoint } from '@agency/contract';
import { History, RefreshCw, RotateCcw, Send } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, EmptyState, ErrorState, FilterSelect, ListFooter, Skeleton, SkeletonGroup, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  useInvalidateWebhooks,
  useRedeliverWebhook,
  useWebhookDeliveries,
  type TDeliveryListParams,
  type TDeliveryStatus,
} from '../api/webhooks.queries';
import { formatLogTime, HttpStatusBadge } from './developer-bits';
import { DELIVERY_STATUS_LABELS, DeliveryStatusBadge, webhookEventLabel } from './webhooks-bits';

export const DELIVERY_QUEUED_AGAIN = 'Delivery queued again';

function Event({ delivery, full }: { delivery: TWebhookDelivery; full?: boolean }) {
  return (
    <>
      <span className="block font-medium text-fg">{webhookEventLabel(delivery.event_type)}</span>
      <code className="block text-xs text-fg-muted">{delivery.event_type}</code>
      <span
        className={full ? 'block font-mono text-xs break-all text-fg-subtle' : 'block max-w-36 truncate font-mono text-xs text-fg-subtle'}
        title={delivery.event_id}
      >
        <span className="sr-only">Event id </span>
        {delivery.event_id}
      </span>
    </>
  );
}

function Response({ delivery }: { delivery: TWebhookDelivery }) {
  if (delivery.response_status !== null) return <HttpStatusBadge status={delivery.response_status} />;
  return <span className="text-fg-subtle">{delivery.attempts === 0 ? '—' : 'No answer'}</span>;
}

function RedeliverButton({ delivery, onRedeliver, busy }: { delivery: TWebhookDelivery; onRedeliver: (d: TWebhookDelivery) => void; busy: boolean }) {
  const { canWrite } = useStaffRole();
  if (!canWrite) return null;
  return (
    <Button variant="ghost" size="sm" onClick={() => onRedeliver(delivery)} loading={busy}>
      {!busy && <RotateCcw aria-hidden className="h-4 w-4" />}
      Redeliver<span className="sr-only"> {webhookEventLabel(delivery.event_type)} of {formatLogTime(delivery.created_at)}</span>
    </Button>
  );
}

interface TRowProps {
  onRedeliver: (d: TWebhookDelivery) => void;
  redelivering: number | null;
}

function DeliveriesTable({ deliveries, ...row }: { deliveries: readonly TWebhookDelivery[] } & TRowProps) {
  const th = 'px-3 py-2 font-medium';
  return (
    <>
      {/* Focusable, so a keyboard can scroll it when a long error makes it wider than the dialog. */}
      <div
        tabIndex={0}
        role="region"
        aria-label="Deliveries"
        className="hidden overflow-x-auto rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-brand-600/40 md:block"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Deliveries to this endpoint, newest first</caption>
          <thead className="border-b border-border bg-subtle text-xs text-fg-muted">
            <tr>
              <th scope="col" className={th}>Time</th>
              <th scope="col" className={th}>Event</th>
              <th scope="col" className={th}>Status</th>
              <th scope="col" className={`${th} text-right`}>Attempts</th>
              <th scope="col" className={th}>Response</th>
              <th scope="col" className={th}>Last error</th>
              <th scope="col" className={th}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {deliveries.map((d) => (
              <tr key={d.id} data-testid="webhook-delivery" data-event-id={d.event_id} className="align-top">
                <td className="px-3 py-2 whitespace-nowrap text-fg-muted tabular-nums">{formatLogTime(d.created_at)}</td>
                <td className="px-3 py-2">
                  <Event delivery={d} />
                </td>
                <td className="px-3 py-2">
                  <DeliveryStatusBadge status={d.status} />
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{d.attempts}</td>
                <td className="px-3 py-2">
                  <Response delivery={d} />
                </td>
                <td className="min-w-40 px-3 py-2 text-xs break-words text-fg-muted">{d.last_error ?? '—'}</td>
                <td className="px-3 py-1 text-right">
                  <RedeliverButton delivery={d} onRedeliver={row.onRedeliver} busy={row.redelivering === d.id} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-border rounded-lg border border-border md:hidden" aria-label="Deliveries">
        {deliveries.map((d) => (
          <li key={d.id} data-testid="webhook-delivery-card" data-event-id={d.event_id} className="space-y-2 px-3 py-3 text-sm">
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <Event delivery={d} full />
              </div>
              <DeliveryStatusBadge status={d.status} />
            </div>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-xs">
              <div className="col-span-2">
                <dt className="sr-only">Time</dt>
                <dd className="text-fg-muted tabular-nums">{formatLogTime(d.created_at)}</dd>
              </div>
              <div>
                <dt className="text-fg-muted">Response</dt>
                <dd>
                  <Response delivery={d} />
                </dd>
              </div>
              <div>
                <dt className="text-fg-muted">Attempts</dt>
                <dd className="text-sm text-fg tabular-nums">{d.attempts}</dd>
              </div>
              {d.last_error && (
                <div className="col-span-2">
                  <dt className="text-fg-muted">Last error</dt>
                  <dd className="break-words text-fg">{d.last_error}</dd>
                </div>
              )}
            </dl>
            <div className="-mx-2 -mb-1 flex justify-end">
              <RedeliverButton delivery={d} onRedeliver={row.onRedeliver} busy={row.redelivering === d.id} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

export interface TDeliveriesView extends TDeliveryListParams {
  onChange: (patch: Partial<TDeliveryListParams>) => void;
}

function DeliveriesBody({
  endpoint,
  view,
  onSendTest,
  sendingTest,
}: {
  endpoint: TWebhookEndpoint;
  view: TDeliveriesView;
  onSendTest: (endpoint: TWebhookEndpoint) => void;
  sendingTest: boolean;
}) {
  const { status, page, onChange } = view;
  const q = useWebhookDeliveries(endpoint.id, { status, page });
  const redeliver = useRedeliverWebhook();
  const invalidate = useInvalidateWebhooks();
  const toast = useToast();
  const [redelivering, setRedelivering] = useState<number | null>(null);
  const { canWrite } = useStaffRole();

  const onRedeliver = async (d: TWebhookDelivery) => {
    setRedelivering(d.id);
    try {
      await redeliver.mutateAsync({ params: { id: d.id } });
      toast.success(DELIVERY_QUEUED_AGAIN);
      await invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not redeliver'));
    } finally {
      setRedelivering(null);
    }
  };

  const filterId = `webhook-deliveries-status-${endpoint.id}`;
  const toolbar = (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="w-44">
        <FilterSelect<TDeliveryStatus>
          id={filterId}
          label="Delivery status"
          allLabel="All statuses"
          options={WEBHOOK_DELIVERY_STATUSES}
          optionLabel={(s) => DELIVERY_STATUS_LABELS[s]}
          value={status ?? ''}
          onChange={(v) => onChange({ status: (v || null) as TDeliveryStatus | null, page: 1 })}
        />
      </div>
      <div className="flex flex-wrap gap-1">
        {endpoint.enabled && canWrite && (
          <Button variant="ghost" size="sm" onClick={() => onSendTest(endpoint)} loading={sendingTest}>
            {!sendingTest && <Send aria-hidden className="h-4 w-4" />}
            Send test event
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => void q.refetch()} loading={q.isFetching && !q.isPending}>
          {!(q.isFetching && !q.isPending) && <RefreshCw aria-hidden className="h-4 w-4" />}
          Refresh
        </Button>
      </div>
    </div>
  );

  let body;
  if (q.isPending) {
    body = (
      <SkeletonGroup label="Loading the deliveries" className="space-y-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </SkeletonGroup>
    );
  } else if (q.isError) {
    body = <ErrorState title="Could not load the deliveries" message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />;
  } else if (q.data.body.count === 0 && page === 1) {
    body = (
      <EmptyState
        icon={<History aria-hidden className="h-6 w-6" />}
        title={status ? `No ${DELIVERY_STATUS_LABELS[status].toLowerCase()} deliveries` : 'No deliveries yet'}
        description={
          status
            ? 'Choose “All statuses” to see every delivery.'
            : 'Each event this endpoint takes is listed here once it happens. Send a test event to try the endpoint now.'
        }
      />
    );
  } else {
    const { count, count_capped, results } = q.data.body;
    body = (
      <div className="space-y-3" aria-busy={q.isPlaceholderData || undefined}>
        <DeliveriesTable deliveries={results} onRedeliver={(d) => void onRedeliver(d)} redelivering={redelivering} />
        <ListFooter
          noun={['delivery', 'deliveries']}
          page={page}
          count={count}
          capped={count_capped}
          pageSize={WEBHOOK_DELIVERIES_PAGE_SIZE}
          onPageChange={(p) => onChange({ page: p })}
        />
      </div>
    );
  }
  return (
    <div className="space-y-3">
      {toolbar}
      {body}
    </div>
  );
}

/** An endpoint's delivery log: time, event, status, attempts, the last response and error; filter, pages, Refresh, Redeliver. */
export function WebhookDeliveriesDialog({
  endpoint,
  view,
  onClose,
  onSendTest,
  sendingTest,
}: {
  endpoint: TWebhookEndpoint | null;
  view: TDeliveriesView;
  onClose: () => void;
  onSendTest: (endpoint: TWebhookEndpoint) => void;
  sendingTest: boolean;
}) {
  return (
    <Dialog
      open={endpoint !== null}
      onOpenChange={(o) => !o && onClose()}
      title="Deliveries"
      description={endpoint ? <span className="break-all">To {endpoint.url}, newest first.</span> : undefined}
      className="sm:max-w-5xl"
    >
      {endpoint && <DeliveriesBody key={endpoint.id} endpoint={endpoint} view={view} onSendTest={onSendTest} sendingTest={sendingTest} />}
    </Dialog>
  );
}
