/** Outbound webhooks to integrators' endpoints. */
export { registerWebhookListeners } from './webhooks.listeners';
export { deliverWebhook, WEBHOOK_DELIVER_JOB } from './webhooks.service';
