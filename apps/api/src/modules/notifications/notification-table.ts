import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { humanDate } from '../../core/clock';
import { usd } from '../../core/money';
import { withIndefiniteArticle as withArticle } from '../../core/text';
import type { AppDeps } from '../../deps';
import type { DomainEventMap, DomainEventName } from '../../events/catalog';
import { listStaff, type StaffReach } from '../admin';
import {
  connectionBrokenMail,
  intakeRequestMail,
  invoiceMail,
  messageMail,
  orderReceiptMail,
  paymentFailedMail,
  webhookDisabledMail,
  type BillTo,
  type NotificationPreferenceKey,
  type OutgoingMail,
} from '../mail';
import { clientPeopleContacts } from '../team';
import { findClientContact } from './notifications.queries';
import type { NewNotification } from './notifications.service';

/** After a message e-mail to a person, the next ones of this long are not e-mailed (the first one links to them all). */
export const MESSAGE_MAIL_QUIET_MINUTES = 15;

/**
 * What the product tells people when something happens, as data: per domain event, who is told, on which channel
 * (an in-app notification, or an e-mail), with which text and link, and when. One generic listener reads it
 * (notifications.listeners.ts); telling people about a new event is a new entry here.
 */

/** A rule applies to an event only when this holds (every time without it). */
type Condition<E> = (e: E, deps: AppDeps) => boolean | Promise<boolean>;

/** The staff told: those reaching a client (or the agency, for what belongs to no client), or named accounts. */
export type StaffPick<E> =
  | { reaching: (e: E) => StaffReach; except?: (e: E) => number[] }
  | { ids: (e: E, deps: AppDeps) => number[] | Promise<number[]> };

/** An in-app notification, stored and pushed; its link is a section of the reader's dashboard. */
export type InAppRule<E> = { channel: 'in_app'; when?: Condition<E> } & (
  | {
      /** The client's people: its login, and the team members whose permission covers the link's area. */
      to: 'client';
      client: (e: E) => number;
      notice: (e: E) => NewNotification<'client'>;
    }
  | { to: 'staff'; staff: StaffPick<E>; notice: (e: E) => NewNotification<'admin'> }
  | {
      /** Users of either role: the link is a section both roles have. */
      to: 'users';
      users: (e: E) => number[];
      notice: (e: E) => NewNotification<'admin'> & NewNotification<'client'>;
    }
);

/** Who an e-mail goes to. */
export type MailPick<E> =
  /** The client's billing address: its login, unless it turned invoice e-mails off; a client without a login at its own address when `clientWithoutLogin`. */
  | { billingOf: (e: E) => number; clientWithoutLogin: boolean }
  /** The client's login, else its own address, whatever its settings (a receipt, a form to fill in). */
  | { contactOf: (e: E) => number }
  /** The client's login, if it wants this kind of e-mail. */
  | { loginOf: (e: E) => number; wanting: NotificationPreferenceKey }
  /** Each of these users who is a client user (its login or a member of its team, invite accepted) wanting this kind of e-mail. */
  | { clientUsers: (e: E) => number[]; wanting: NotificationPreferenceKey }
  /** Each staff member reaching the client who wants this kind of e-mail. */
  | { staffReaching: (e: E) => StaffReach; wanting: NotificationPreferenceKey }
  | { addresses: (e: E, deps: AppDeps) => Promise<string[]> };

/** What every e-mail may say besides the event: the agency's name and the portal's links (when public). */
export interface MailContext {
  agency: string;
  billingLink: string | undefined;
  overviewLink: string | undefined;
  messagesLink: string | undefined;
  now: Date;
  /** The client's billing details, for a rule with `billTo` (a receipt prints them). */
  billTo?: BillTo | undefined;
}

export interface EmailRule<E> {
  channel: 'email';
  when?: Condition<E>;
  to: MailPick<E>;
  /** The client whose billing details the mail prints (ctx.billTo). */
  billTo?: (e: E) => number;
  mail: (e: E, to: string, ctx: MailContext) => OutgoingMail;
  /**
   * Minutes after an e-mail of this kind to an address during which another is not sent (0: always sent): a burst of
   * chat messages is one e-mail, whose link shows them all.
   */
  quietMinutes?: (e: E) => number;
}

/** What the notifications about a topic asked for is done: they become read (notifications.service settleNotifications). */
export interface SettleRule<E> {
  channel: 'settle';
  when?: Condition<E>;
  topic: (e: E) => string;
}

export type NotificationRule<E> = InAppRule<E> | EmailRule<E> | SettleRule<E>;
export type NotificationTable = { [K in DomainEventName]?: readonly NotificationRule<DomainEventMap[K]>[] };

// ---- Shared pieces of the texts ----

const platformOf = (platform: keyof typeof CONTENT_PLATFORM_LABELS) => CONTENT_PLATFORM_LABELS[platform];
const feedback = (e: { feedback: string | null }) => (e.feedback ? ` Feedback: ${e.feedback}` : '');
const colon = (message: string | null) => (message ? `: ${message}` : '.');
const mentioned = (e: DomainEventMap['content.comment_added']) => e.mentionIds.filter((id) => id !== e.authorId);
const commentedPost = (e: DomainEventMap['content.comment_added']) => `${withArticle(platformOf(e.platform))} post of ${e.clientName}`;

/** A webhook endpoint's admin (every owner and read-only admin when that account is gone). */
async function webhookOwners(e: DomainEventMap['webhook.disabled'], deps: AppDeps) {
  const staff = await listStaff(deps.db, { reaching: 'agency' });
  const owners = staff.filter((s) => s.id === e.adminId);
  return owners.length > 0 ? owners : staff;
}

/** The changes people are told about (an `updated` one only moves dates or amounts the screens show). */
type AnnouncedChange = Exclude<DomainEventMap['subscription.changed']['change'], 'updated'>;
const announced = (e: DomainEventMap['subscription.changed']) => e.change !== 'updated';

/** The texts of an announced change (the rules that use them apply `when: announced`). */
function subscriptionTexts(e: DomainEventMap['subscription.changed']) {
  const change = e.change as AnnouncedChange;
  const until = e.periodEnd ? humanDate(e.periodEnd) : null;
  const forClient: Record<AnnouncedChange, { title: string; message: string }> = {
    activated: { title: 'Subscription active', message: `Your ${e.planName} plan is active.${until ? ` Next payment on ${until}.` : ''}` },
    plan_changed: { title: 'Plan changed', message: `You moved from ${e.previousPlanName} to ${e.planName}.` },
    cancel_scheduled: { title: 'Subscription cancelled', message: `Your ${e.planName} plan ends${until ? ` on ${until}` : ' at the end of the period'}.` },
    ended: { title: 'Subscription ended', message: `Your ${e.planName} plan has ended.` },
    paused: { title: 'Subscription paused', message: `Your ${e.planName} plan is paused: you are not charged until you resume it.` },
    resumed: { title: 'Subscription resumed', message: `Your ${e.planName} plan is running again.${until ? ` Next payment on ${until}.` : ''}` },
  };
  const forStaff: Record<AnnouncedChange, string> = {
    activated: `${e.clientName} subscribed to the ${e.planName} plan.`,
    plan_changed: `${e.clientName} moved from ${e.previousPlanName} to ${e.planName}.`,
    cancel_scheduled: `${e.clientName} cancelled the ${e.planName} plan${until ? ` (ends ${until})` : ''}.`,
    ended: `The ${e.planName} plan of ${e.clientName} has ended.`,
    paused: `${e.clientName} paused the ${e.planName} plan.`,
    resumed: `${e.clientName} resumed the ${e.planName} plan${until ? ` (next payment ${until})` : ''}.`,
  };
  return { client: forClient[change], staff: forStaff[change] };
}

function reviewedItems(e: DomainEventMap['content.reviewed']) {
  const one = e.items.length === 1 ? e.items[0]! : undefined;
  const post = one && `post scheduled for ${humanDate(one.scheduledDate)}`;
  return {
    /** As the staff read it. */
    staff: one ? `${withArticle(platformOf(one.platform))} ${post}` : `${e.items.length} content items`,
    /** As the client reads it. */
    client: one ? `Your ${platformOf(one.platform)} ${post}` : `${e.items.length} of your content items`,
    verb: one ? 'was' : 'were',
  };
}

/** The topic of the notifications asking for an intake form. */
const intakeTopic = (e: { intakeId: number }) => `intake:${e.intakeId}`;

// ---- The table ----

export const NOTIFICATIONS: NotificationTable = {
  'task.assigned': [
    {
      channel: 'in_app',
      to: 'staff',
      staff: { ids: (e) => [e.assigneeId] },
      notice: (e) => ({ title: 'New task assigned', message: `${e.title} (${e.clientName}), due ${humanDate(e.dueDate)}`, type: 'success', link: '#tasks' }),
    },
  ],

  'content.reviewed': [
    // The client decided (in the portal or by its magic link): the team hears of it.
    {
      channel: 'in_app',
      when: (e) => e.by === 'client',
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({
        title: e.action === 'approved' ? `${e.clientName} approved content` : `${e.clientName} asked for changes`,
        message: `${e.clientName} ${e.action === 'approved' ? 'approved' : 'sent back'} ${reviewedItems(e).staff}.${feedback(e)}`,
        type: e.action === 'approved' ? 'success' : 'info',
        link: '#content',
      }),
    },
    {
      channel: 'in_app',
      when: (e) => e.by !== 'client',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => {
        const { client: what, verb } = reviewedItems(e);
        return e.action === 'approved'
          ? { title: 'Content approved', message: `${what} ${verb} approved.`, type: 'success', link: '#content' }
          : // 'info': a click leads to #messages, where the client can talk it over; link points at the content.
            { title: 'Content needs changes', message: `${what} ${verb} sent back to draft.${feedback(e)}`, type: 'info', link: '#content' };
      },
    },
  ],

  'content.review_overdue': [
    {
      channel: 'in_app',
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({
        title: 'Content waiting for review',
        message: `${e.clientName}'s ${platformOf(e.platform)} post scheduled for ${humanDate(e.scheduledDate)} has waited for your review since ${humanDate(e.waitingSince)}.`,
        type: 'warning',
        link: '#content',
      }),
    },
  ],

  // Mentioned people hear of it; otherwise a shared comment tells the other side (the client, or the staff).
  'content.comment_added': [
    {
      channel: 'in_app',
      to: 'users',
      users: mentioned,
      notice: (e) => ({ title: `${e.authorName} mentioned you`, message: `On ${commentedPost(e)}: ${e.excerpt}`, type: 'info', link: '#content' }),
    },
    {
      channel: 'in_app',
      when: async (e, deps) => {
        if (e.visibility !== 'shared' || e.authorRole !== 'admin') return false;
        const contact = await findClientContact(deps.db, e.clientId);
        return Boolean(contact?.userId && !mentioned(e).includes(contact.userId));
      },
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({ title: 'New comment on your content', message: `${e.authorName}: ${e.excerpt}`, type: 'info', link: '#content' }),
    },
    {
      channel: 'in_app',
      when: (e) => e.visibility === 'shared' && e.authorRole !== 'admin',
      to: 'staff',
      staff: { reaching: (e) => e.clientId, except: mentioned },
      notice: (e) => ({ title: `${e.clientName} commented`, message: `On ${commentedPost(e)}: ${e.excerpt}`, type: 'info', link: '#content' }),
    },
  ],

  // An item waits for the client's review: its reviewers are told (the content module mails each a magic link).
  'content.review_requested': [
    {
      channel: 'in_app',
      when: async (e, deps) => (await clientPeopleContacts(deps.db, e.clientId, 'content')).length > 0,
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: e.reminder ? 'Content still waiting for your approval' : 'Content waiting for your approval',
        message: `Please review ${withArticle(platformOf(e.platform))} post scheduled for ${humanDate(e.scheduledDate)}.`,
        type: 'warning',
        link: '#content',
      }),
    },
  ],

  'content.submitted': [
    {
      channel: 'in_app',
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => {
        const one = e.items.length === 1 ? e.items[0]! : undefined;
        return {
          title: 'Content awaiting approval',
          message: one
            ? `${e.clientName} submitted ${withArticle(platformOf(one.platform))} post scheduled for ${humanDate(one.scheduledDate)}.`
            : `${e.clientName} submitted ${e.items.length} content items.`,
          type: 'info',
          link: '#content',
        };
      },
    },
  ],

  'invoice.created': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'New invoice',
        message: `Invoice ${e.invoiceNumber} for ${usd(e.amount)} is due on ${humanDate(e.dueDate)}.`,
        type: 'warning',
        link: '#billing',
      }),
    },
    { channel: 'email', to: { billingOf: (e) => e.clientId, clientWithoutLogin: false }, mail: (e, to, ctx) => invoiceMail('invoice_created', to, e, ctx) },
  ],

  'invoice.paid': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'Payment received',
        message: `Invoice ${e.invoiceNumber} (${usd(e.amount)}) is marked as paid. Thank you!`,
        type: 'success',
        link: '#billing',
      }),
    },
  ],

  'invoice.reminder_sent': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'Payment reminder',
        message: `Invoice ${e.invoiceNumber} for ${usd(e.amount)} ${e.overdue ? 'is overdue' : `is due on ${humanDate(e.dueDate)}`}. Please arrange payment.`,
        type: 'warning',
        link: '#billing',
      }),
    },
    { channel: 'email', to: { billingOf: (e) => e.clientId, clientWithoutLogin: true }, mail: (e, to, ctx) => invoiceMail('invoice_reminder', to, e, ctx) },
  ],

  'invoice.payment_failed': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'Payment failed',
        message: `The payment of ${usd(e.amount)} for invoice ${e.invoiceNumber} ${e.reason === 'authentication_required' ? 'needs your authentication' : 'failed'}${colon(e.message)} Please pay it or update your card.`,
        type: 'error',
        link: '#billing',
      }),
    },
    {
      channel: 'in_app',
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({
        title: `Payment failed: ${e.clientName}`,
        message: `Invoice ${e.invoiceNumber} (${usd(e.amount)}) could not be charged${colon(e.message)}`,
        type: 'error',
        link: '#invoices',
      }),
    },
    { channel: 'email', to: { billingOf: (e) => e.clientId, clientWithoutLogin: true }, mail: (e, to, ctx) => paymentFailedMail('client', to, e, ctx) },
    { channel: 'email', to: { staffReaching: (e) => e.clientId, wanting: 'email_invoices' }, mail: (e, to, ctx) => paymentFailedMail('staff', to, e, ctx) },
  ],

  // A part payment the agency recorded (paid in full, `invoice.paid` tells it).
  'invoice.payment_recorded': [
    {
      channel: 'in_app',
      when: (e) => !e.settled,
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'Payment received',
        message: `${usd(e.paymentAmount)} received for invoice ${e.invoiceNumber}. ${usd(e.amountDue)} is still due.`,
        type: 'success',
        link: '#billing',
      }),
    },
  ],

  'invoice.payment_reversed': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'Payment reversed',
        message: `A payment of ${usd(e.paymentAmount)} on invoice ${e.invoiceNumber} was reversed (${e.reason}). ${usd(e.amountDue)} is due.`,
        type: 'warning',
        link: '#billing',
      }),
    },
  ],

  'invoice.refunded': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'Refund issued',
        message: `${usd(e.refundedAmount)} of invoice ${e.invoiceNumber} was refunded to your card${e.full ? '' : ' (part of the invoice)'}.`,
        type: 'info',
        link: '#billing',
      }),
    },
  ],

  'subscription.changed': [
    {
      channel: 'in_app',
      when: announced,
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({ ...subscriptionTexts(e).client, type: e.change === 'ended' ? 'warning' : 'success', link: '#billing' }),
    },
    {
      channel: 'in_app',
      when: announced,
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({
        title: e.change === 'activated' ? 'New subscription' : 'Subscription update',
        message: subscriptionTexts(e).staff,
        type: e.change === 'activated' ? 'success' : 'info',
        link: '#clients',
      }),
    },
  ],

  'order.paid': [
    {
      channel: 'in_app',
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({
        title: `New order from ${e.clientName}`,
        message: `Order #${e.orderId} paid: ${usd(e.total)} (${e.lines.map((l) => `${l.name} × ${l.quantity}`).join(', ')}).`,
        type: 'success',
        link: '#orders',
      }),
    },
    // The receipt goes to the buyer whatever their invoice e-mail setting: it is the proof of a purchase.
    { channel: 'email', to: { contactOf: (e) => e.clientId }, billTo: (e) => e.clientId, mail: (e, to, ctx) => orderReceiptMail(to, e, ctx) },
  ],

  'order.delivery_changed': [
    {
      channel: 'in_app',
      when: (e) => e.completed.length > 0,
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: 'Delivery complete',
        message: `${e.completed.join(', ')} of order #${e.orderId} ${e.completed.length === 1 ? 'is' : 'are'} fully delivered.`,
        type: 'success',
        link: '#billing',
      }),
    },
  ],

  'order.refill_requested': [
    {
      channel: 'in_app',
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({ title: `Refill requested by ${e.clientName}`, message: `${e.lineName} for ${e.target} (order #${e.orderId}).`, type: 'warning', link: '#orders' }),
    },
  ],

  'intake.requested': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: e.reminder ? 'We are still waiting for your details' : 'Tell us what we need to start',
        message: `Fill in the short intake form for ${e.subject} on your overview.`,
        type: 'warning',
        link: '#overview',
        topic: intakeTopic(e),
      }),
    },
    { channel: 'email', to: { contactOf: (e) => e.clientId }, mail: (e, to, ctx) => intakeRequestMail(to, e, ctx) },
  ],

  'intake.submitted': [
    // The form is in (or the team started without it): no bell asks for it any more.
    { channel: 'settle', topic: intakeTopic },
    {
      channel: 'in_app',
      when: (e) => !e.skipped,
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({
        title: `Intake form from ${e.clientName}`,
        message: `${e.subject}: the answers are on the ${e.orderId !== null ? 'order' : 'client'}.`,
        type: 'info',
        link: e.orderId !== null ? '#orders' : '#clients',
      }),
    },
  ],

  // The admin who registered the endpoint (every admin when that account is gone) gets an e-mail and a notification.
  'webhook.disabled': [
    {
      channel: 'email',
      to: { addresses: async (e, deps) => (await webhookOwners(e, deps)).map((admin) => admin.email) },
      mail: (e, to, ctx) => webhookDisabledMail(to, e, ctx.agency),
    },
    {
      channel: 'in_app',
      to: 'staff',
      staff: { ids: async (e, deps) => (await webhookOwners(e, deps)).map((admin) => admin.id) },
      notice: (e) => ({ title: 'Webhook endpoint turned off', message: `${e.url} kept failing and was turned off.`, type: 'warning', link: '#settings' }),
    },
  ],

  'lead.submitted': [
    {
      channel: 'in_app',
      to: 'staff',
      staff: { reaching: () => 'agency' },
      notice: (e) => ({ title: `New lead from ${e.name}`, message: e.subject, type: 'info', link: '?tab=leads#clients' }),
    },
  ],

  'social.connection_broken': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({
        title: `Reconnect your ${platformOf(e.platform)} account`,
        message: `The connection to ${e.username} on ${platformOf(e.platform)} has expired or was revoked. Reconnect it to keep your numbers up to date.`,
        type: 'error',
        link: '#overview',
      }),
    },
    {
      channel: 'in_app',
      to: 'staff',
      staff: { reaching: (e) => e.clientId },
      notice: (e) => ({
        title: `${platformOf(e.platform)} connection lost: ${e.clientName}`,
        message: `${e.username} on ${platformOf(e.platform)} needs to be reconnected by the client; its metrics are not syncing.`,
        type: 'error',
        link: '#performance',
      }),
    },
    {
      channel: 'email',
      to: { loginOf: (e) => e.clientId, wanting: 'email_system_alerts' },
      mail: (e, to, ctx) => connectionBrokenMail('client', to, e, ctx.agency, ctx.overviewLink),
    },
    {
      channel: 'email',
      to: { staffReaching: (e) => e.clientId, wanting: 'email_system_alerts' },
      mail: (e, to, ctx) => connectionBrokenMail('staff', to, e, ctx.agency, undefined),
    },
  ],

  'message.created': [
    {
      channel: 'in_app',
      to: 'users',
      users: (e) => e.recipientIds.filter((id) => id !== e.senderId),
      notice: (e) => ({
        title: e.priority ? 'New priority message' : 'New message',
        message: `${e.senderName}: ${e.preview.length > 140 ? `${e.preview.slice(0, 137)}...` : e.preview}`,
        type: 'info',
        // The conversation itself (a client has only its own).
        link: `?c=${e.clientId}#messages`,
      }),
    },
    // The client's people who want message e-mails hear of a message from the agency by e-mail too.
    {
      channel: 'email',
      to: { clientUsers: (e) => e.recipientIds.filter((id) => id !== e.senderId), wanting: 'email_messages' },
      mail: (e, to, ctx) => messageMail(to, e, ctx),
      // A priority message is always e-mailed.
      quietMinutes: (e) => (e.priority ? 0 : MESSAGE_MAIL_QUIET_MINUTES),
    },
  ],

  // A scheduled growth report went out: the client's people who read reports find it in the portal.
  'report.sent': [
    {
      channel: 'in_app',
      to: 'client',
      client: (e) => e.clientId,
      notice: (e) => ({ title: 'Your growth report is ready', message: `Your ${e.period} performance report is ready.`, type: 'success', link: '#performance' }),
    },
  ],
};
