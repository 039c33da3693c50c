import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { humanDate } from '../../core/clock';
import { usd } from '../../core/money';
import type { AppDeps } from '../../deps';
import type { EventBus } from '../../events/bus';
import type { InvoiceFacts } from '../../events/catalog';
import { agencyName } from '../admin/staff.service';
import { staffIds } from '../admin/staff.queries';
import { invoiceMail } from './mail-templates';
import { emailPreferenceAllows, queueMail } from './mail.service';
import { findClientContact } from './notifications.queries';
import { storeNotifications, type NewNotification } from './notifications.service';

/**
 * What the product tells people when something happens: in-app notifications (stored, then pushed by the
 * realtime layer on `notification.created`) and e-mails (queued in the outbox, delivered by a job). Each
 * handler runs once per event, in the transaction that marks the event dispatched.
 */

/** Notifies the login of a client, when the client has one; the link is a client section. */
async function notifyClient(deps: AppDeps, clientId: number, n: NewNotification<'client'>) {
  const contact = await findClientContact(deps.db, clientId);
  if (contact?.userId) await storeNotifications(deps, [contact.userId], n);
}

/** Notifies agency staff; the link is an admin section. */
const notifyStaff = (deps: AppDeps, userIds: number[], n: NewNotification<'admin'>) => storeNotifications(deps, userIds, n);

/** Notifies users of either role; the link is a section both roles have. */
const notifyAnyone = (deps: AppDeps, userIds: number[], n: NewNotification<'admin'> & NewNotification<'client'>) =>
  storeNotifications(deps, userIds, n);

function billingLink(deps: AppDeps): string | undefined {
  return deps.config.PUBLIC_URL ? `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/dashboard#billing` : undefined;
}

/**
 * An invoice e-mail goes to the client's login unless its user turned invoice e-mails off; a client without
 * a login is written to at its own address when `toClientWithoutLogin` (reminders).
 */
async function mailInvoice(deps: AppDeps, kind: 'invoice_created' | 'invoice_reminder', inv: InvoiceFacts, toClientWithoutLogin: boolean) {
  const contact = await findClientContact(deps.db, inv.clientId);
  if (!contact) return;
  let to: string | null = null;
  if (contact.userId && contact.userEmail) {
    if (await emailPreferenceAllows(deps, contact.userId, 'email_invoices')) to = contact.userEmail;
  } else if (toClientWithoutLogin && contact.clientEmail) {
    to = contact.clientEmail;
  }
  if (!to) return;
  await queueMail(deps, invoiceMail(kind, to, inv, { agency: await agencyName(deps), billingLink: billingLink(deps), now: deps.now() }));
}

export function registerNotificationListeners(events: EventBus): void {
  events.handle('task.assigned', (e, deps) =>
    notifyStaff(deps, [e.assigneeId], {
      title: 'New task assigned',
      message: `${e.title} (${e.clientName}), due ${humanDate(e.dueDate)}`,
      type: 'success',
      link: '#tasks',
    }),
  );

  events.handle('content.reviewed', (e, deps) => {
    const one = e.items.length === 1 ? e.items[0]! : undefined;
    const what = one
      ? `Your ${CONTENT_PLATFORM_LABELS[one.platform]} post scheduled for ${humanDate(one.scheduledDate)}`
      : `${e.items.length} of your content items`;
    const verb = one ? 'was' : 'were';
    return notifyClient(
      deps,
      e.clientId,
      e.action === 'approved'
        ? { title: 'Content approved', message: `${what} ${verb} approved.`, type: 'success', link: '#content' }
        : {
            title: 'Content needs changes',
            message: `${what} ${verb} sent back to draft.${e.feedback ? ` Feedback: ${e.feedback}` : ''}`,
            // 'info': a click leads to #messages, where the client can talk it over; link points at the content.
            type: 'info',
            link: '#content',
          },
    );
  });

  events.handle('invoice.created', async (e, deps) => {
    await notifyClient(deps, e.clientId, {
      title: 'New invoice',
      message: `Invoice ${e.invoiceNumber} for ${usd(e.amount)} is due on ${humanDate(e.dueDate)}.`,
      type: 'warning',
      link: '#billing',
    });
    await mailInvoice(deps, 'invoice_created', e, false);
  });

  events.handle('invoice.paid', (e, deps) =>
    notifyClient(deps, e.clientId, {
      title: 'Payment received',
      message: `Invoice ${e.invoiceNumber} (${usd(e.amount)}) is marked as paid. Thank you!`,
      type: 'success',
      link: '#billing',
    }),
  );

  events.handle('invoice.reminder_sent', async (e, deps) => {
    await notifyClient(deps, e.clientId, {
      title: 'Payment reminder',
      message: `Invoice ${e.invoiceNumber} for ${usd(e.amount)} ${e.overdue ? 'is overdue' : `is due on ${humanDate(e.dueDate)}`}. Please arrange payment.`,
      type: 'warning',
      link: '#billing',
    });
    await mailInvoice(deps, 'invoice_reminder', e, true);
  });

  events.handle('lead.submitted', async (e, deps) =>
    notifyStaff(deps, await staffIds(deps.db), {
      title: `New lead from ${e.name}`,
      message: e.subject,
      type: 'info',
      link: '#clients',
    }),
  );

  events.handle('message.created', (e, deps) => {
    const recipients = e.recipientIds.filter((id) => id !== e.senderId);
    const preview = e.preview.length > 140 ? `${e.preview.slice(0, 137)}...` : e.preview;
    return notifyAnyone(deps, recipients, {
      title: e.priority ? 'New priority message' : 'New message',
      message: `${e.senderName}: ${preview}`,
      type: 'info',
      link: '#messages',
    });
  });
}
