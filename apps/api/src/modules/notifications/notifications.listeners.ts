import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { humanDate } from '../../core/clock';
import { usd } from '../../core/money';
import type { AppDeps } from '../../deps';
import type { EventBus } from '../../events/bus';
import type { InvoiceFacts } from '../../events/catalog';
import { agencyName, dashboardLink } from '../agency';
import { listStaff, staffIds } from '../admin';
import { connectionBrokenMail, emailPreferenceAllows, intakeRequestMail, invoiceMail, orderReceiptMail, paymentFailedMail, queueMail, webhookDisabledMail } from '../mail';
import { clientPeople, clientPeopleContacts } from '../team';
import { findClientContact } from './notifications.queries';
import { storeNotifications, type NewNotification } from './notifications.service';

/**
 * What the product tells people when something happens: in-app notifications (stored, then pushed by the
 * realtime layer on `notification.created`) and e-mails (queued in the outbox, delivered by a job). Each
 * handler runs once per event, in the transaction that marks the event dispatched.
 */

/** 'an Instagram', 'a YouTube'. */
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

/** Notifies the login of a client, when the client has one; the link is a client section. */
/** Which part of the portal a notification is about, from the section it opens (a team member may see only one). */
const AREA_OF_LINK: Partial<Record<string, 'content' | 'billing'>> = { '#content': 'content', '#billing': 'billing' };

/** Notifies a client's people: its login, and the members of its team whose permission covers what it is about. */
async function notifyClient(deps: AppDeps, clientId: number, n: NewNotification<'client'>) {
  const people = await clientPeople(deps.db, clientId, n.link ? AREA_OF_LINK[n.link] : undefined);
  await storeNotifications(deps, people, n);
}

/** Notifies agency staff; the link is an admin section. */
const notifyStaff = (deps: AppDeps, userIds: number[], n: NewNotification<'admin'>) => storeNotifications(deps, userIds, n);

/** Notifies users of either role; the link is a section both roles have. */
const notifyAnyone = (deps: AppDeps, userIds: number[], n: NewNotification<'admin'> & NewNotification<'client'>) =>
  storeNotifications(deps, userIds, n);

/**
 * Where a client's billing e-mail goes: its login, unless that user turned invoice e-mails off; a client
 * without a login at its own address when `toClientWithoutLogin` (reminders, failed payments).
 */
async function billingRecipient(deps: AppDeps, clientId: number, toClientWithoutLogin: boolean): Promise<string | null> {
  const contact = await findClientContact(deps.db, clientId);
  if (!contact) return null;
  if (contact.userId && contact.userEmail) {
    return (await emailPreferenceAllows(deps, contact.userId, 'email_invoices')) ? contact.userEmail : null;
  }
  return toClientWithoutLogin ? contact.clientEmail : null;
}

const mailContext = async (deps: AppDeps) => ({ agency: await agencyName(deps), billingLink: dashboardLink(deps, '#billing'), now: deps.now() });

async function mailInvoice(deps: AppDeps, kind: 'invoice_created' | 'invoice_reminder', inv: InvoiceFacts, toClientWithoutLogin: boolean) {
  const to = await billingRecipient(deps, inv.clientId, toClientWithoutLogin);
  if (to) await queueMail(deps, invoiceMail(kind, to, inv, await mailContext(deps)));
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

  events.handle('content.reviewed', async (e, deps) => {
    const one = e.items.length === 1 ? e.items[0]! : undefined;
    if (e.by === 'client') {
      // The client decided (in the portal or by its magic link): the team hears of it.
      const what = one
        ? `${withArticle(CONTENT_PLATFORM_LABELS[one.platform])} post scheduled for ${humanDate(one.scheduledDate)}`
        : `${e.items.length} content items`;
      return notifyStaff(deps, await staffIds(deps.db, e.clientId), {
        title: e.action === 'approved' ? `${e.clientName} approved content` : `${e.clientName} asked for changes`,
        message: `${e.clientName} ${e.action === 'approved' ? 'approved' : 'sent back'} ${what}.${e.feedback ? ` Feedback: ${e.feedback}` : ''}`,
        type: e.action === 'approved' ? 'success' : 'info',
        link: '#content',
      });
    }
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

  events.handle('content.review_overdue', async (e, deps) =>
    notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: 'Content waiting for review',
      message: `${e.clientName}'s ${CONTENT_PLATFORM_LABELS[e.platform]} post scheduled for ${humanDate(e.scheduledDate)} has waited for your review since ${humanDate(e.waitingSince)}.`,
      type: 'warning',
      link: '#content',
    }),
  );

  // Mentioned people hear of it; otherwise a shared comment tells the other side (the client, or the staff).
  events.handle('content.comment_added', async (e, deps) => {
    const post = `${withArticle(CONTENT_PLATFORM_LABELS[e.platform])} post of ${e.clientName}`;
    const mentioned = e.mentionIds.filter((id) => id !== e.authorId);
    await notifyAnyone(deps, mentioned, { title: `${e.authorName} mentioned you`, message: `On ${post}: ${e.excerpt}`, type: 'info', link: '#content' });
    if (e.visibility !== 'shared') return;
    if (e.authorRole === 'admin') {
      const contact = await findClientContact(deps.db, e.clientId);
      if (contact?.userId && !mentioned.includes(contact.userId)) {
        await notifyClient(deps, e.clientId, { title: 'New comment on your content', message: `${e.authorName}: ${e.excerpt}`, type: 'info', link: '#content' });
      }
    } else {
      const staff = (await staffIds(deps.db, e.clientId)).filter((id) => !mentioned.includes(id));
      await notifyStaff(deps, staff, { title: `${e.clientName} commented`, message: `On ${post}: ${e.excerpt}`, type: 'info', link: '#content' });
    }
  });

  // An item waits for the client's review: its reviewers are told (the content module mails each a magic link).
  events.handle('content.review_requested', async (e, deps) => {
    const reviewers = await clientPeopleContacts(deps.db, e.clientId, 'content');
    if (reviewers.length === 0) return;
    const post = `${withArticle(CONTENT_PLATFORM_LABELS[e.platform])} post scheduled for ${humanDate(e.scheduledDate)}`;
    await notifyClient(deps, e.clientId, {
      title: e.reminder ? 'Content still waiting for your approval' : 'Content waiting for your approval',
      message: `Please review ${post}.`,
      type: 'warning',
      link: '#content',
    });
  });

  events.handle('content.submitted', async (e, deps) => {
    const one = e.items.length === 1 ? e.items[0]! : undefined;
    return notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: 'Content awaiting approval',
      message: one
        ? `${e.clientName} submitted ${withArticle(CONTENT_PLATFORM_LABELS[one.platform])} post scheduled for ${humanDate(one.scheduledDate)}.`
        : `${e.clientName} submitted ${e.items.length} content items.`,
      type: 'info',
      link: '#content',
    });
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

  events.handle('invoice.payment_failed', async (e, deps) => {
    const why = e.reason === 'authentication_required' ? 'needs your authentication' : 'failed';
    await notifyClient(deps, e.clientId, {
      title: 'Payment failed',
      message: `The payment of ${usd(e.amount)} for invoice ${e.invoiceNumber} ${why}${e.message ? `: ${e.message}` : '.'} Please pay it or update your card.`,
      type: 'error',
      link: '#billing',
    });
    await notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: `Payment failed: ${e.clientName}`,
      message: `Invoice ${e.invoiceNumber} (${usd(e.amount)}) could not be charged${e.message ? `: ${e.message}` : '.'}`,
      type: 'error',
      link: '#invoices',
    });
    const ctx = await mailContext(deps);
    const clientTo = await billingRecipient(deps, e.clientId, true);
    if (clientTo) await queueMail(deps, paymentFailedMail('client', clientTo, e, ctx));
    for (const admin of await listStaff(deps.db, { reaching: e.clientId })) {
      if (await emailPreferenceAllows(deps, admin.id, 'email_invoices')) await queueMail(deps, paymentFailedMail('staff', admin.email, e, ctx));
    }
  });

  events.handle('invoice.refunded', (e, deps) =>
    notifyClient(deps, e.clientId, {
      title: 'Refund issued',
      message: `${usd(e.refundedAmount)} of invoice ${e.invoiceNumber} was refunded to your card${e.full ? '' : ' (part of the invoice)'}.`,
      type: 'info',
      link: '#billing',
    }),
  );

  events.handle('subscription.changed', async (e, deps) => {
    const until = e.periodEnd ? humanDate(e.periodEnd) : null;
    const forClient: Record<typeof e.change, { title: string; message: string }> = {
      activated: { title: 'Subscription active', message: `Your ${e.planName} plan is active.${until ? ` Next payment on ${until}.` : ''}` },
      plan_changed: { title: 'Plan changed', message: `You moved from ${e.previousPlanName} to ${e.planName}.` },
      cancel_scheduled: { title: 'Subscription cancelled', message: `Your ${e.planName} plan ends${until ? ` on ${until}` : ' at the end of the period'}.` },
      ended: { title: 'Subscription ended', message: `Your ${e.planName} plan has ended.` },
    };
    const forStaff: Record<typeof e.change, string> = {
      activated: `${e.clientName} subscribed to the ${e.planName} plan.`,
      plan_changed: `${e.clientName} moved from ${e.previousPlanName} to ${e.planName}.`,
      cancel_scheduled: `${e.clientName} cancelled the ${e.planName} plan${until ? ` (ends ${until})` : ''}.`,
      ended: `The ${e.planName} plan of ${e.clientName} has ended.`,
    };
    await notifyClient(deps, e.clientId, { ...forClient[e.change], type: e.change === 'ended' ? 'warning' : 'success', link: '#billing' });
    await notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: e.change === 'activated' ? 'New subscription' : 'Subscription update',
      message: forStaff[e.change],
      type: e.change === 'activated' ? 'success' : 'info',
      link: '#clients',
    });
  });

  events.handle('order.paid', async (e, deps) => {
    await notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: `New order from ${e.clientName}`,
      message: `Order #${e.orderId} paid: ${usd(e.total)} (${e.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ')}).`,
      type: 'success',
      link: '#orders',
    });
    // The receipt goes to the buyer whatever their invoice e-mail setting: it is the proof of a purchase.
    const contact = await findClientContact(deps.db, e.clientId);
    const to = contact?.userEmail ?? contact?.clientEmail;
    if (to) await queueMail(deps, orderReceiptMail(to, e, await mailContext(deps)));
  });

  events.handle('order.delivery_changed', async (e, deps) => {
    if (e.completed.length === 0) return;
    await notifyClient(deps, e.clientId, {
      title: 'Delivery complete',
      message: `${e.completed.join(', ')} of order #${e.orderId} ${e.completed.length === 1 ? 'is' : 'are'} fully delivered.`,
      type: 'success',
      link: '#billing',
    });
  });

  events.handle('intake.requested', async (e, deps) => {
    await notifyClient(deps, e.clientId, {
      title: e.reminder ? 'We are still waiting for your details' : 'Tell us what we need to start',
      message: `Fill in the short intake form for ${e.subject} on your overview.`,
      type: 'warning',
      link: '#overview',
    });
    const contact = await findClientContact(deps.db, e.clientId);
    const to = contact?.userEmail ?? contact?.clientEmail;
    if (to) await queueMail(deps, intakeRequestMail(to, e, { agency: await agencyName(deps), overviewLink: dashboardLink(deps, '#overview') }));
  });

  events.handle('intake.submitted', async (e, deps) => {
    if (e.skipped) return;
    await notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: `Intake form from ${e.clientName}`,
      message: `${e.subject}: the answers are on the ${e.orderId !== null ? 'order' : 'client'}.`,
      type: 'info',
      link: e.orderId !== null ? '#orders' : '#clients',
    });
  });

  // The admin who registered the endpoint (every admin when that account is gone) gets an e-mail and a notification.
  events.handle('webhook.disabled', async (e, deps) => {
    const staff = await listStaff(deps.db, { reaching: 'agency' });
    const owners = staff.filter((s) => s.id === e.adminId);
    const recipients = owners.length > 0 ? owners : staff;
    const agency = await agencyName(deps);
    for (const admin of recipients) await queueMail(deps, webhookDisabledMail(admin.email, e, agency));
    await notifyStaff(deps, recipients.map((r) => r.id), {
      title: 'Webhook endpoint turned off',
      message: `${e.url} kept failing and was turned off.`,
      type: 'warning',
      link: '#settings',
    });
  });

  events.handle('order.refill_requested', async (e, deps) =>
    notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: `Refill requested by ${e.clientName}`,
      message: `${e.lineName} for ${e.target} (order #${e.orderId}).`,
      type: 'warning',
      link: '#orders',
    }),
  );

  events.handle('lead.submitted', async (e, deps) =>
    notifyStaff(deps, await staffIds(deps.db, 'agency'), {
      title: `New lead from ${e.name}`,
      message: e.subject,
      type: 'info',
      link: '#clients',
    }),
  );

  events.handle('social.connection_broken', async (e, deps) => {
    const platform = CONTENT_PLATFORM_LABELS[e.platform];
    await notifyClient(deps, e.clientId, {
      title: `Reconnect your ${platform} account`,
      message: `The connection to ${e.username} on ${platform} has expired or was revoked. Reconnect it to keep your numbers up to date.`,
      type: 'error',
      link: '#overview',
    });
    await notifyStaff(deps, await staffIds(deps.db, e.clientId), {
      title: `${platform} connection lost: ${e.clientName}`,
      message: `${e.username} on ${platform} needs to be reconnected by the client; its metrics are not syncing.`,
      type: 'error',
      link: '#performance',
    });
    const agency = await agencyName(deps);
    const contact = await findClientContact(deps.db, e.clientId);
    if (contact?.userId && contact.userEmail && (await emailPreferenceAllows(deps, contact.userId, 'email_system_alerts'))) {
      await queueMail(deps, connectionBrokenMail('client', contact.userEmail, e, agency, dashboardLink(deps, '#overview')));
    }
    for (const admin of await listStaff(deps.db, { reaching: e.clientId })) {
      if (await emailPreferenceAllows(deps, admin.id, 'email_system_alerts')) {
        await queueMail(deps, connectionBrokenMail('staff', admin.email, e, agency, undefined));
      }
    }
  });

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
