import { z } from 'zod';
import { ZPaginationQuery } from '../common/common.schemas';
import { ZTimestamp } from '../shared/shared.schemas';

/** What an outbound webhook can be sent for. */
export const WEBHOOK_EVENTS = [
  'client.created',
  'invoice.paid',
  'payment.failed',
  'content.approved',
  'content.rejected',
  'order.paid',
  'order.completed',
  'message.received',
] as const;
export type TWebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The test event an admin sends by hand; no endpoint subscribes to it. */
export const WEBHOOK_PING_EVENT = 'ping';
/** The header of each delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Agency-Signature';
/** Secrets start so (shown once, at creation). */
export const WEBHOOK_SECRET_MARK = 'whsec_';
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

export const ZWebhookUrl = z
  .string({ required_error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2000, 'At most 2000 characters')
  .url('Enter a valid URL');

const ZEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { errorMap: () => ({ message: 'Unknown event' }) }))
  .min(1, 'Choose at least one event')
  .transform((events) => [...new Set(events)]);

export const ZWebhookCreate = z.object({
  url: ZWebhookUrl.describe('https only; private, loopback and link-local addresses are refused, also after DNS resolution'),
  description: z.string().trim().max(200).optional().default(''),
  events: ZEvents,
});
export type TWebhookCreate = z.input<typeof ZWebhookCreate>;

export const ZWebhookUpdate = z
  .object({
    url: ZWebhookUrl,
    description: z.string().trim().max(200),
    events: ZEvents,
    enabled: z.boolean().describe('true turns a disabled endpoint back on (its failure count starts again)'),
  })
  .partial();
export type TWebhookUpdate = z.input<typeof ZWebhookUpdate>;

export const ZWebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable().describe('Why the endpoint was turned off automatically, when it was'),
  created_at: ZTimestamp,
  last_delivery_at: ZTimestamp.nullable(),
  last_delivery_status: z.enum(WEBHOOK_DELIVERY_STATUSES).nullable(),
});
export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpoint>;

export const ZWebhookCreated = z.object({
  endpoint: ZWebhookEndpoint,
  secret: z.string().describe('The signing secret, shown this once'),
});

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  endpoint_id: z.number().int(),
  event_id: z.string().describe('The event\'s id in the body; a redelivery keeps it, so a receiver can drop duplicates'),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable().describe('The HTTP status of the last attempt; null when no answer came'),
  last_error: z.string().nullable(),
  created_at: ZTimestamp,
  last_attempt_at: ZTimestamp.nullable(),
  delivered_at: ZTimestamp.nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZWebhookDeliveryQuery = ZPaginationQuery.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { errorMap: () => ({ message: 'Unknown status' }) }).optional(),
});
