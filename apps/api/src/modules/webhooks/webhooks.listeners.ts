import type { EventBus } from '../../events/bus';
import type { InvoiceFacts } from '../../events/catalog';
import { findUserRoleAndClient } from '../auth';
import { orderFullyDelivered } from './webhooks.queries';
import { publishWebhookEvent } from './webhooks.service';

/** An invoice as integrators get it. */
const invoiceData = (e: InvoiceFacts) => ({
  invoice: {
    id: e.invoiceId,
    number: e.invoiceNumber,
    client_id: e.clientId,
    client_name: e.clientName,
    amount: e.amount,
    due_date: e.dueDate,
    description: e.description,
  },
});

/** Domain events → the outbound webhook events of WEBHOOK_EVENTS (each queued in the listener's transaction). */
export function registerWebhookListeners(events: EventBus): void {
  events.handle('client.created', (e, deps) =>
    publishWebhookEvent(deps, 'client.created', { client: { id: e.clientId, name: e.name, email: e.email, company: e.company, package: e.package } }),
  );
  events.handle('invoice.paid', (e, deps) => publishWebhookEvent(deps, 'invoice.paid', invoiceData(e)));
  events.handle('invoice.payment_failed', (e, deps) =>
    publishWebhookEvent(deps, 'payment.failed', { ...invoiceData(e), reason: e.reason, message: e.message }),
  );
  events.handle('content.reviewed', (e, deps) =>
    publishWebhookEvent(deps, e.action === 'approved' ? 'content.approved' : 'content.rejected', {
      client_id: e.clientId,
      items: e.items.map((i) => ({ id: i.id, platform: i.platform, scheduled_date: i.scheduledDate })),
      feedback: e.feedback,
    }),
  );
  events.handle('order.paid', (e, deps) =>
    publishWebhookEvent(deps, 'order.paid', {
      order: {
        id: e.orderId,
        client_id: e.clientId,
        client_name: e.clientName,
        invoice_number: e.invoiceNumber,
        subtotal: e.subtotal,
        discount: e.discount,
        tax: e.tax,
        total: e.total,
        lines: e.lines.map((l) => ({ name: l.name, platform: l.platform, quantity: l.quantity, target: l.target, line_total: l.lineTotal })),
      },
    }),
  );
  events.handle('order.delivery_changed', async (e, deps) => {
    if (e.completed.length === 0) return;
    await publishWebhookEvent(deps, 'order.completed', async () =>
      (await orderFullyDelivered(deps.db, e.orderId)) ? { order: { id: e.orderId, client_id: e.clientId } } : null,
    );
  });
  // A message the agency received: one written by a client login (the sender is looked up only when an endpoint wants it).
  events.handle('message.created', async (e, deps) => {
    const senderId = e.senderId;
    if (senderId === null) return;
    await publishWebhookEvent(deps, 'message.received', async () => {
      const sender = await findUserRoleAndClient(deps.db, senderId);
      if (sender?.role !== 'client') return null;
      return { message: { id: e.messageId, client_id: e.clientId, sender_name: e.senderName, preview: e.preview, priority: e.priority } };
    });
  });
}
