import { WEBHOOK_SIGNATURE_HEADER, type TWebhookEndpoint } from '@agency/contract';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { History, MoreHorizontal, Pencil, Plus, Power, PowerOff, Send, Trash2, Webhook } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Card,
  CardContent,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  ListFooter,
  ResponsiveTable,
  Skeleton,
  SkeletonGroup,
  useToast,
} from '@/components/ui';
import { cn } from '@/lib/cn';
import { errorMessage, formatDay } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { pageParam, useUrlParams } from '@/lib/use-url-params';
import {
  WEBHOOKS_PAGE_SIZE,
  useDeleteWebhook,
  useInvalidateWebhooks,
  useSendTestWebhook,
  useUpdateWebhook,
  useWebhooks,
  type TDeliveryListParams,
  type TDeliveryStatus,
} from '../api/webhooks.queries';
import { SettingsCardHeader } from './settings-card-header';
import { ApiReferenceLink, Code } from './developer-bits';
import { EndpointStatus, LastDelivery, WebhookEventChips } from './webhooks-bits';
import { WebhookDeliveriesDialog, type TDeliveriesView } from './webhooks-deliveries-dialog';
import { WebhookEndpointDialog } from './webhooks-endpoint-dialog';

export const NO_WEBHOOKS = 'No webhook endpoints yet';
export const WEBHOOK_DELETED = 'Endpoint deleted';
export const WEBHOOK_TEST_SENT = 'Test event sent';

const STATUSES: readonly TDeliveryStatus[] = ['pending', 'succeeded', 'failed'];

/**
 * The section's view in the URL beside ?tab=api-keys, so it survives reload: the list's page (webhooks_page) and the
 * open delivery log (deliveries=<endpoint id>, deliveries_status, deliveries_page).
 */
function useWebhookViewParams() {
  const { params, update } = useUrlParams();
  const view = useMemo(() => {
    const deliveriesOf = pageParam(params.get('deliveries'));
    const status = params.get('deliveries_status');
    return {
      page: pageParam(params.get('webhooks_page')),
      deliveriesOf: params.has('deliveries') ? deliveriesOf : null,
      deliveries: {
        status: STATUSES.find((s) => s === status) ?? null,
        page: pageParam(params.get('deliveries_page')),
      } satisfies TDeliveryListParams,
    };
  }, [params]);
  const setPage = useCallback((page: number) => update({ webhooks_page: page > 1 ? page : null }), [update]);
  const openDeliveries = useCallback(
    (id: number | null) => update({ deliveries: id, deliveries_status: null, deliveries_page: null }),
    [update],
  );
  const setDeliveries = useCallback(
    (patch: Partial<TDeliveryListParams>) => {
      const next = { ...view.deliveries, ...patch };
      update({ deliveries_status: next.status, deliveries_page: next.page > 1 ? next.page : null });
    },
    [update, view.deliveries],
  );
  return { view, setPage, openDeliveries, setDeliveries };
}

function Intro() {
  return (
    <div className="space-y-2 text-sm text-fg-muted">
      <p>
        Webhooks tell other systems when something happens here: each event is sent at once as a <Code>POST</Code> with a
        JSON body to every endpoint that takes it. A delivery that fails is tried again with growing pauses for about 3
        days; then the endpoint is turned off.
      </p>
      <p>
        Every delivery is signed with the endpoint&apos;s secret in the <Code>{WEBHOOK_SIGNATURE_HEADER}</Code> header; check
        it before trusting a body. <ApiReferenceLink>How to check a signature</ApiReferenceLink>
      </p>
    </div>
  );
}

interface TEndpointActions {
  onDeliveries: (e: TWebhookEndpoint) => void;
  onSendTest: (e: TWebhookEndpoint) => void;
  onEdit: (e: TWebhookEndpoint) => void;
  onToggle: (e: TWebhookEndpoint) => void;
  onDelete: (e: TWebhookEndpoint) => void;
  /** The endpoint a test event or an on/off change is being sent for. */
  busy: number | null;
}

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-2 text-sm text-fg outline-none select-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-700';

function Actions({ endpoint: e, onDeliveries, onSendTest, onEdit, onToggle, onDelete, busy, className }: { endpoint: TWebhookEndpoint; className?: string } & TEndpointActions) {
  // Read-only staff see the endpoints and their deliveries, and change nothing.
  const { canWrite } = useStaffRole();
  return (
    <div className={cn('flex flex-wrap items-center justify-end gap-1', className)}>
      <Button variant="ghost" size="sm" onClick={() => onDeliveries(e)}>
        <History aria-hidden className="h-4 w-4" />
        Deliveries<span className="sr-only"> to {e.url}</span>
      </Button>
      {canWrite && e.enabled && (
        <Button variant="ghost" size="sm" onClick={() => onSendTest(e)} loading={busy === e.id}>
          {busy !== e.id && <Send aria-hidden className="h-4 w-4" />}
          Send test event<span className="sr-only"> to {e.url}</span>
        </Button>
      )}
      {canWrite && (
        <DropdownMenu.Root modal={false}>
          <DropdownMenu.Trigger asChild>
            <Button variant="ghost" size="icon" aria-label={`More actions for ${e.url}`} title="More actions" className="h-8 w-8">
              <MoreHorizontal aria-hidden className="h-4 w-4" />
            </Button>
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content align="end" sideOffset={4} className="z-50 min-w-44 rounded-md border border-border bg-surface p-1 shadow-overlay">
              <DropdownMenu.Item className={menuItem} onSelect={() => onEdit(e)}>
                <Pencil aria-hidden className="h-4 w-4" />
                Edit
              </DropdownMenu.Item>
              <DropdownMenu.Item className={menuItem} onSelect={() => onToggle(e)}>
                {e.enabled ? <PowerOff aria-hidden className="h-4 w-4" /> : <Power aria-hidden className="h-4 w-4" />}
                {e.enabled ? 'Turn off' : 'Turn on'}
              </DropdownMenu.Item>
              <DropdownMenu.Item className={cn(menuItem, 'text-danger-700 data-[highlighted]:bg-danger-50 data-[highlighted]:text-danger-700')} onSelect={() => onDelete(e)}>
                <Trash2 aria-hidden className="h-4 w-4" />
                Delete
              </DropdownMenu.Item>
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      )}
    </div>
  );
}

function EndpointUrl({ endpoint }: { endpoint: TWebhookEndpoint }) {
  return (
    <>
      <span className="block font-mono text-sm break-all text-fg">{endpoint.url}</span>
      {endpoint.description && <span className="block text-sm break-words text-fg-muted">{endpoint.description}</span>}
      <span className="block text-xs text-fg-subtle tabular-nums">Added {formatDay(endpoint.created_at)}</span>
    </>
  );
}

function EndpointsList({ endpoints, ...actions }: { endpoints: readonly TWebhookEndpoint[] } & TEndpointActions) {
  const th = 'px-3 py-2 text-left font-medium';
  return (
    <ResponsiveTable
      items={endpoints}
      getKey={(e) => e.id}
      cardsLabel="Webhook endpoints"
      actionsColumn
      head={
        <>
          <th scope="col" className={th}>Endpoint</th>
          <th scope="col" className={th}>Events</th>
          <th scope="col" className={th}>Status</th>
          <th scope="col" className={th}>Last delivery</th>
        </>
      }
      renderRow={(e) => (
        <tr key={e.id} data-testid="webhook-row" className="align-top">
          <td className="max-w-80 min-w-56 px-3 py-3">
            <EndpointUrl endpoint={e} />
          </td>
          <td className="min-w-40 px-3 py-3">
            <WebhookEventChips events={e.events} />
          </td>
          <td className="px-3 py-3">
            <EndpointStatus endpoint={e} />
          </td>
          <td className="px-3 py-3 text-sm whitespace-nowrap" data-testid="webhook-last-delivery">
            <LastDelivery endpoint={e} />
          </td>
          <td className="px-3 py-2">
            <Actions endpoint={e} className="w-36 2xl:w-auto 2xl:flex-nowrap" {...actions} />
          </td>
        </tr>
      )}
      renderCard={(e) => (
        <Card className="space-y-3 p-4" data-testid="webhook-card">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <EndpointUrl endpoint={e} />
            </div>
            <EndpointStatus endpoint={e} />
          </div>
          <WebhookEventChips events={e.events} />
          <div className="text-xs">
            <p className="text-fg-muted">Last delivery</p>
            <div className="mt-0.5 text-sm">
              <LastDelivery endpoint={e} />
            </div>
          </div>
          <div className="-mx-2 -mb-2 border-t border-border pt-2">
            <Actions endpoint={e} {...actions} />
          </div>
        </Card>
      )}
    />
  );
}

function ListSkeleton() {
  return (
    <SkeletonGroup label="Loading webhook endpoints" className="space-y-2">
      {Array.from({ length: 2 }, (_, i) => (
        <Skeleton key={i} className="h-20 rounded-xl" />
      ))}
    </SkeletonGroup>
  );
}

/** Settings → API & webhooks, under the keys: what webhooks are, the endpoints, add / edit / test / turn off / delete, and each delivery log. */
export function WebhooksSection() {
  const { view, setPage, openDeliveries, setDeliveries } = useWebhookViewParams();
  const q = useWebhooks(view.page);
  const [editor, setEditor] = useState<{ open: boolean; endpoint: TWebhookEndpoint | null }>({ open: false, endpoint: null });
  const [deleting, setDeleting] = useState<TWebhookEndpoint | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const sendTest = useSendTestWebhook();
  const invalidate = useInvalidateWebhooks();
  const toast = useToast();
  const { canWrite } = useStaffRole();

  const onSendTest = async (e: TWebhookEndpoint) => {
    setBusy(e.id);
    try {
      await sendTest.mutateAsync({ params: { id: e.id } });
      toast.success(WEBHOOK_TEST_SENT);
      await invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not send the test event'));
    } finally {
      setBusy(null);
    }
  };

  const onToggle = async (e: TWebhookEndpoint) => {
    setBusy(e.id);
    try {
      await update.mutateAsync({ params: { id: e.id }, body: { enabled: !e.enabled } });
      toast.success(e.enabled ? 'Endpoint turned off' : 'Endpoint turned on');
      await invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not change the endpoint'));
    } finally {
      setBusy(null);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ params: { id: deleting.id } });
      toast.success(WEBHOOK_DELETED);
      setDeleting(null);
      await invalidate();
    } catch (err) {
      toast.error(errorMessage(err, 'Could not delete the endpoint'));
    }
  };

  const actions: TEndpointActions = {
    onDeliveries: (e) => openDeliveries(e.id),
    onSendTest: (e) => void onSendTest(e),
    onEdit: (e) => setEditor({ open: true, endpoint: e }),
    onToggle: (e) => void onToggle(e),
    onDelete: setDeleting,
    busy,
  };

  // A page past the end (the last endpoint of the last page was deleted, or an old link): back to the last page there is.
  const body = q.isPlaceholderData ? undefined : q.data?.body;
  const lastPage = body && !body.count_capped && body.results.length === 0 ? Math.max(1, Math.ceil(body.count / WEBHOOKS_PAGE_SIZE)) : null;
  useEffect(() => {
    if (lastPage !== null && view.page > lastPage) setPage(lastPage);
  }, [lastPage, view.page, setPage]);

  // The open log's endpoint, from the page on screen (an id not on it, e.g. a deleted endpoint's, opens nothing).
  const deliveriesOf = q.data?.body.results.find((e) => e.id === view.deliveriesOf) ?? null;
  const deliveriesView: TDeliveriesView = { ...view.deliveries, onChange: setDeliveries };
  const add = () => setEditor({ open: true, endpoint: null });

  return (
    <div className="space-y-6">
      <Card>
        <SettingsCardHeader icon={<Webhook aria-hidden className="h-5 w-5" />} title="Webhooks">
          {canWrite && (
            <Button onClick={add}>
              <Plus aria-hidden className="h-4 w-4" />
              Add endpoint
            </Button>
          )}
        </SettingsCardHeader>
        <CardContent>
          <Intro />
        </CardContent>
      </Card>

      <section aria-labelledby="webhooks-list-title" className="space-y-3">
        <h2 id="webhooks-list-title" className="text-base font-semibold text-fg">
          Endpoints
        </h2>
        {q.isPending ? (
          <ListSkeleton />
        ) : q.isError ? (
          <Card>
            <ErrorState title="Could not load the webhook endpoints" message={errorMessage(q.error)} onRetry={() => void q.refetch()} retrying={q.isFetching} />
          </Card>
        ) : q.data.body.count === 0 ? (
          <Card>
            <EmptyState
              icon={<Webhook aria-hidden className="h-6 w-6" />}
              title={NO_WEBHOOKS}
              description="Add the https address of a system that should hear about new clients, payments, approvals, orders or messages."
              action={
                canWrite ? (
                  <Button onClick={add}>
                    <Plus aria-hidden className="h-4 w-4" />
                    Add endpoint
                  </Button>
                ) : undefined
              }
            />
          </Card>
        ) : (
          <div className="space-y-3" aria-busy={q.isPlaceholderData || undefined}>
            <EndpointsList endpoints={q.data.body.results} {...actions} />
            <Card>
              <ListFooter
                noun={['endpoint', 'endpoints']}
                page={view.page}
                count={q.data.body.count}
                capped={q.data.body.count_capped}
                pageSize={WEBHOOKS_PAGE_SIZE}
                onPageChange={setPage}
              />
            </Card>
          </div>
        )}
      </section>

      <WebhookEndpointDialog open={editor.open} endpoint={editor.endpoint} onOpenChange={(open) => setEditor((s) => ({ ...s, open }))} />
      <WebhookDeliveriesDialog
        endpoint={deliveriesOf}
        view={deliveriesView}
        onClose={() => openDeliveries(null)}
        onSendTest={(e) => void onSendTest(e)}
        sendingTest={deliveriesOf !== null && busy === deliveriesOf.id}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title="Delete endpoint"
        message={deleting ? `Delete the endpoint ${deleting.url}? It stops getting events at once and its delivery log is deleted. This cannot be undone.` : ''}
        confirmLabel="Delete endpoint"
        onConfirm={() => void confirmDelete()}
        loading={remove.isPending}
      />
    </div>
  );
}
