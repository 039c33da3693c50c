import { WEBHOOK_EVENTS, WEBHOOK_PING_EVENT, type TWebhookDelivery, type TWebhookEndpoint, type TWebhookEvent } from '@agency/contract';
import { Badge, type BadgeTone } from '@/components/ui';
import { formatRelativeTime } from '@/lib/format';
import { formatLogTime } from './developer-bits';

export const WEBHOOK_EVENT_LABELS: Record<TWebhookEvent, string> = {
  'client.created': 'Client created',
  'invoice.paid': 'Invoice paid',
  'payment.failed': 'Payment failed',
  'content.approved': 'Content approved',
  'content.rejected': 'Content rejected',
  'order.paid': 'Order paid',
  'order.completed': 'Order completed',
  'message.received': 'Message received',
};

/** What each event means, under its checkbox. */
export const WEBHOOK_EVENT_HINTS: Record<TWebhookEvent, string> = {
  'client.created': 'A client is added, by the team or by signing up.',
  'invoice.paid': 'An invoice is paid or marked as paid.',
  'payment.failed': 'A card payment of an invoice fails.',
  'content.approved': 'A client approves content.',
  'content.rejected': 'A client rejects content.',
  'order.paid': 'A storefront order is paid.',
  'order.completed': 'Every line of an order is delivered.',
  'message.received': 'A client sends the agency a message.',
};

/** A delivery's event type as read ("Client created", "Test (ping)"); an unknown type as sent. */
export function webhookEventLabel(type: string): string {
  if (type === WEBHOOK_PING_EVENT) return 'Test (ping)';
  return (WEBHOOK_EVENTS as readonly string[]).includes(type) ? WEBHOOK_EVENT_LABELS[type as TWebhookEvent] : type;
}

/** The endpoint's events as chips, in the contract's order. */
export function WebhookEventChips({ events }: { events: readonly TWebhookEvent[] }) {
  const chosen = WEBHOOK_EVENTS.filter((e) => events.includes(e));
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Events">
      {chosen.map((e) => (
        <li key={e}>
          <Badge title={e}>{WEBHOOK_EVENT_LABELS[e]}</Badge>
        </li>
      ))}
    </ul>
  );
}

type TEndpointState = 'active' | 'turned-off' | 'paused';

/** Active; turned off by the API after failing deliveries (it says why); or paused by an admin. */
export function endpointState(endpoint: Pick<TWebhookEndpoint, 'enabled' | 'disabled_reason'>): TEndpointState {
  if (endpoint.enabled) return 'active';
  return endpoint.disabled_reason ? 'turned-off' : 'paused';
}

const ENDPOINT_STATES: Record<TEndpointState, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  'turned-off': { label: 'Turned off', tone: 'danger' },
  paused: { label: 'Paused', tone: 'default' },
};

/** The endpoint's state; a turned-off endpoint's reason under it. */
export function EndpointStatus({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const state = endpointState(endpoint);
  const s = ENDPOINT_STATES[state];
  return (
    <div className="space-y-1">
      <Badge tone={s.tone}>{s.label}</Badge>
      {state === 'turned-off' && <p className="max-w-64 text-xs break-words text-danger-700">{endpoint.disabled_reason}</p>}
    </div>
  );
}

export const DELIVERY_STATUS_LABELS: Record<TWebhookDelivery['status'], string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const DELIVERY_STATUS_TONES: Record<TWebhookDelivery['status'], BadgeTone> = { pending: 'warning', succeeded: 'success', failed: 'danger' };

export function DeliveryStatusBadge({ status }: { status: TWebhookDelivery['status'] }) {
  return <Badge tone={DELIVERY_STATUS_TONES[status]}>{DELIVERY_STATUS_LABELS[status]}</Badge>;
}

/** The endpoint's last delivery: its status and when ("No deliveries yet" before the first). */
export function LastDelivery({ endpoint }: { endpoint: TWebhookEndpoint }) {
  if (!endpoint.last_delivery_status || !endpoint.last_delivery_at) return <span className="text-fg-subtle">No deliveries yet</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
      <DeliveryStatusBadge status={endpoint.last_delivery_status} />
      <time dateTime={endpoint.last_delivery_at} title={formatLogTime(endpoint.last_delivery_at)} className="text-fg-muted tabular-nums">
        {formatRelativeTime(endpoint.last_delivery_at)}
      </time>
    </span>
  );
}
