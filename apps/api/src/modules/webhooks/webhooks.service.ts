import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_PING_EVENT,
  WEBHOOK_SECRET_MARK,
  type TPaginationQuery,
  type TWebhookCreate,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookEvent,
  type TWebhookUpdate,
} from '@agency/contract';
import { systemActor, type UserActor } from '../../core/actor';
import { createTokenCipher, type TokenCipher } from '../../core/cipher';
import { AppError } from '../../core/errors';
import { pageOf, pageWindow, type Page } from '../../core/paging';
import { appSecretOf } from '../../core/secret';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import type { JobMeta } from '../../jobs/queue';
import { checkWebhookUrl, WebhookAddressError } from '../../integrations/webhooks/public-address';
import { sendWebhook } from '../../integrations/webhooks/sender';
import { changedFields, recordAudit } from '../audit';
import * as q from './webhooks.queries';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/** The signing secrets are kept encrypted with their own key (HKDF purpose), apart from provider tokens. */
function secretCipher(deps: Pick<AppDeps, 'config'>): TokenCipher {
  return createTokenCipher(appSecretOf(deps.config), 'webhook-secrets-v1');
}

function toEndpointDto(row: q.EndpointRow): TWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    last_delivery_at: row.lastDeliveryAt ? new Date(row.lastDeliveryAt).toISOString() : null,
    last_delivery_status: row.lastDeliveryStatus,
  };
}

/** How the audit log names an endpoint: its URL's host (the rest of the URL may carry a token of the receiver). */
function endpointObject(row: { id: number; url: string }) {
  let host = row.url;
  try {
    host = new URL(row.url).host;
  } catch {
    // Not a URL: shown as stored.
  }
  return { type: 'webhook', id: row.id, label: host };
}

function toDeliveryDto(row: q.DeliveryRow): TWebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpointId,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}

async function loadEndpoint(deps: AppDeps, id: number): Promise<q.EndpointRow> {
  const row = await q.findEndpoint(deps.db, id);
  if (!row) throw new AppError('not_found', 'Webhook endpoint not found.');
  return row;
}

/** A URL that is not https or reaches a private address is a 400 on the url field. */
async function checkUrl(deps: AppDeps, url: string): Promise<void> {
  try {
    await checkWebhookUrl(url, deps.config.WEBHOOK_ALLOWED_PRIVATE_HOSTS);
  } catch (err) {
    if (!(err instanceof WebhookAddressError)) throw err;
    throw new AppError('validation_error', `Invalid body: url: ${err.message}`, { url: [err.message] });
  }
}

export async function createWebhook(deps: AppDeps, actor: UserActor, input: TWebhookCreate & { events: TWebhookEvent[] }) {
  await checkUrl(deps, input.url);
  const secret = `${WEBHOOK_SECRET_MARK}${randomBytes(24).toString('base64url')}`;
  const id = await transact(deps, async (tx) => {
    const inserted = await q.insertEndpoint(tx.db, {
      url: input.url,
      description: input.description ?? '',
      events: input.events,
      secretEncrypted: secretCipher(deps).encrypt(secret),
      createdBy: actor.id,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    });
    await recordAudit(tx, actor, { action: 'webhook.created', object: endpointObject({ id: inserted, url: input.url }), changes: { events: input.events } });
    return inserted;
  });
  return { endpoint: toEndpointDto(await loadEndpoint(deps, id)), secret };
}

export async function listWebhooks(deps: AppDeps, _actor: UserActor, query: TPaginationQuery): Promise<Page<TWebhookEndpoint>> {
  const [total, rows] = await Promise.all([q.countEndpoints(deps.db), q.listEndpoints(deps.db, pageWindow(query))]);
  return pageOf(total, rows.map(toEndpointDto));
}

export async function updateWebhook(deps: AppDeps, actor: UserActor, id: number, input: TWebhookUpdate & { events?: TWebhookEvent[] }) {
  await loadEndpoint(deps, id);
  if (input.url !== undefined) await checkUrl(deps, input.url);
  return transact(deps, async (tx) => {
    const before = await loadEndpoint(tx, id);
    await q.updateEndpoint(tx.db, id, {
      ...(input.url !== undefined ? { url: input.url } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.events !== undefined ? { events: input.events } : {}),
      ...(input.enabled !== undefined ? { enabled: input.enabled, disabledReason: null } : {}),
      updatedAt: tx.now(),
    });
    const after = toEndpointDto(await loadEndpoint(tx, id));
    await recordAudit(tx, actor, {
      action: 'webhook.updated',
      object: endpointObject(after),
      changes: changedFields(toEndpointDto(before), after, ['url', 'description', 'events', 'enabled']),
    });
    return after;
  });
}

export async function deleteWebhook(deps: AppDeps, actor: UserActor, id: number): Promise<void> {
  await transact(deps, async (tx) => {
    const row = await q.findEndpoint(tx.db, id);
    if (!row || !(await q.deleteEndpoint(tx.db, id))) throw new AppError('not_found', 'Webhook endpoint not found.');
    await recordAudit(tx, actor, { action: 'webhook.deleted', object: endpointObject(row), changes: { url: row.url } });
  });
}

export async function listDeliveries(
  deps: AppDeps,
  _actor: UserActor,
  endpointId: number,
  query: TPaginationQuery & { status?: q.DeliveryStatus | undefined },
): Promise<Page<TWebhookDelivery>> {
  await loadEndpoint(deps, endpointId);
  const [total, rows] = await Promise.all([
    q.countDeliveries(deps.db, endpointId, query.status),
    q.listDeliveries(deps.db, endpointId, query.status, pageWindow(query)),
  ]);
  return pageOf(total, rows.map(toDeliveryDto));
}

/** A delivery row and its job, in the caller's transaction (so both exist, or neither). */
async function queueDelivery(deps: AppDeps, endpointId: number, event: { id: string; type: string; body: string }): Promise<number> {
  const deliveryId = await q.insertDelivery(deps.db, { endpointId, eventId: event.id, eventType: event.type, body: event.body, createdAt: deps.now() });
  await deps.jobs.send(deps, WEBHOOK_DELIVER_JOB, { deliveryId });
  return deliveryId;
}

/** The body every endpoint gets: `{ id, type, created, data }`. */
function eventBody(id: string, type: string, created: Date, data: object): string {
  return JSON.stringify({ id, type, created: created.toISOString(), data });
}

/**
 * Queues the event for every enabled endpoint that takes it (from a domain event's listener, in its transaction).
 * `data` may be a function that reads what the event needs, or decides it is not one (null): it runs only when
 * some endpoint takes the event, so an agency without webhooks pays one lookup per event, no more.
 */
export async function publishWebhookEvent(
  deps: AppDeps,
  type: TWebhookEvent,
  data: object | (() => Promise<object | null>),
): Promise<void> {
  const endpoints = await q.subscribedEndpoints(deps.db, type);
  if (endpoints.length === 0) return;
  const resolved = typeof data === 'function' ? await data() : data;
  if (resolved === null) return;
  const id = randomUUID();
  const body = eventBody(id, type, deps.now(), resolved);
  for (const endpoint of endpoints) await queueDelivery(deps, endpoint.id, { id, type, body });
}

export async function sendTestWebhook(deps: AppDeps, actor: UserActor, endpointId: number): Promise<TWebhookDelivery> {
  const endpoint = await loadEndpoint(deps, endpointId);
  const id = randomUUID();
  const deliveryId = await transact(deps, async (tx) => {
    const queued = await queueDelivery(tx, endpointId, { id, type: WEBHOOK_PING_EVENT, body: eventBody(id, WEBHOOK_PING_EVENT, deps.now(), { endpoint_id: endpointId }) });
    await recordAudit(tx, actor, { action: 'webhook.test_sent', object: endpointObject(endpoint), changes: { delivery: queued } });
    return queued;
  });
  return toDeliveryDto((await q.findDelivery(deps.db, deliveryId))!);
}

/** The same event again (same id and body, so a receiver can tell it is a repeat), as a new delivery. */
export async function redeliverWebhook(deps: AppDeps, actor: UserActor, deliveryId: number): Promise<TWebhookDelivery> {
  const original = await q.findDelivery(deps.db, deliveryId);
  if (!original) throw new AppError('not_found', 'Webhook delivery not found.');
  // A turned-off endpoint would fail the delivery at once: it is turned back on first.
  const endpoint = await q.findEndpoint(deps.db, original.endpointId);
  if (!endpoint?.enabled) throw new AppError('conflict', 'This endpoint is turned off. Turn it back on to send deliveries to it again.');
  const id = await transact(deps, async (tx) => {
    const queued = await queueDelivery(tx, original.endpointId, { id: original.eventId, type: original.eventType, body: original.body });
    await recordAudit(tx, actor, {
      action: 'webhook.redelivered',
      object: endpointObject(endpoint),
      changes: { event: original.eventType, event_id: original.eventId, delivery: [deliveryId, queued] },
    });
    return queued;
  });
  return toDeliveryDto((await q.findDelivery(deps.db, id))!);
}

/**
 * One attempt of a delivery (the job). A failure is retried by the queue with exponential backoff for about three
 * days; when the last attempt fails, the endpoint is turned off and its admin told (webhook.disabled).
 */
export async function deliverWebhook(deps: AppDeps, deliveryId: number, meta: JobMeta): Promise<void> {
  const delivery = await q.findDeliveryToSend(deps.db, deliveryId);
  if (!delivery || delivery.status !== 'pending') return;
  const at = deps.now();
  if (!delivery.enabled) {
    await q.recordAttempt(deps.db, deliveryId, { status: 'failed', responseStatus: null, lastError: 'The endpoint is turned off.', at });
    return;
  }
  const secret = secretCipher(deps).decrypt(delivery.secretEncrypted);
  const attempt = secret
    ? await sendWebhook(
        { url: delivery.url, secret, body: delivery.body, eventType: delivery.eventType, deliveryId, timestamp: Math.floor(at.getTime() / 1000) },
        { timeoutMs: deps.config.WEBHOOK_TIMEOUT_MS, allowedPrivateHosts: deps.config.WEBHOOK_ALLOWED_PRIVATE_HOSTS },
      )
    : { status: null, error: 'The signing secret cannot be read (APP_SECRET changed); delete the endpoint and register it again.' };
  if (attempt.error === null) {
    await q.recordAttempt(deps.db, deliveryId, { status: 'succeeded', responseStatus: attempt.status, lastError: null, at });
    return;
  }
  const retrying = meta.retryCount < meta.retryLimit;
  const outcome = { status: retrying ? ('pending' as const) : ('failed' as const), responseStatus: attempt.status, lastError: attempt.error, at };
  if (retrying) {
    await q.recordAttempt(deps.db, deliveryId, outcome);
    throw new Error(`webhook delivery ${deliveryId} failed: ${attempt.error}`);
  }
  const reason = `Turned off after a delivery failed for ${meta.retryLimit + 1} attempts: ${attempt.error}`;
  await transact(deps, async (tx) => {
    await q.recordAttempt(tx.db, deliveryId, outcome);
    await q.updateEndpoint(tx.db, delivery.endpointId, { enabled: false, disabledReason: reason, updatedAt: at });
    await recordAudit(tx, systemActor(`job:${WEBHOOK_DELIVER_JOB}`), {
      action: 'webhook.disabled',
      object: endpointObject({ id: delivery.endpointId, url: delivery.url }),
      changes: { enabled: [true, false], reason },
    });
    await emit(tx, 'webhook.disabled', { endpointId: delivery.endpointId, url: delivery.url, reason, adminId: delivery.createdBy });
  });
}
