import { humanDate, utcDate } from '../../core/clock';
import { usd } from '../../core/money';
import { escapeHtml } from '../../core/text';
import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import type { DomainEventMap, InvoiceFacts } from '../../events/catalog';
import type { OutgoingMail } from './mail.service';
import { billToLines, type BillTo } from './portal-mail';

export interface InvoiceMailContext {
  agency: string;
  /** Where the client pays (PUBLIC_URL/dashboard#billing), when the public address is configured. */
  billingLink: string | undefined;
  now: Date;
  /** The client's billing details, printed on a receipt. */
  billTo?: BillTo | undefined;
}

/** Lines → a plain-text and a simple HTML body (blank lines collapsed). */
export function mailBody(lines: string[]): { text: string; html: string } {
  const kept = lines.filter((line, i, all) => line !== '' || all[i - 1] !== '');
  return { text: kept.join('\n'), html: kept.map((l) => (l ? `<p>${escapeHtml(l)}</p>` : '')).join('\n') };
}

/**
 * A renewal charge that failed: to the client (pay it, or update the card) or to the agency's staff (which
 * client, which invoice).
 */
export function paymentFailedMail(
  audience: 'client' | 'staff',
  to: string,
  inv: InvoiceFacts & { message: string | null; reason: 'declined' | 'authentication_required' },
  ctx: InvoiceMailContext,
): OutgoingMail {
  const amount = usd(inv.amount);
  const why = inv.reason === 'authentication_required' ? 'needs to be authenticated by the card holder' : 'was declined';
  const lines =
    audience === 'client'
      ? [
          `Hello ${inv.clientName},`,
          '',
          `The payment of ${amount} for invoice ${inv.invoiceNumber} ${why}${inv.message ? ` (${inv.message})` : ''}.`,
          'Please pay the invoice or update your card to keep your plan running.',
          ctx.billingLink ? `Pay it in your portal: ${ctx.billingLink}` : 'You can pay it in your client portal (Billing).',
          '',
          'Thank you,',
          ctx.agency,
        ]
      : [
          `The renewal payment of ${inv.clientName} ${why}.`,
          '',
          `Invoice ${inv.invoiceNumber}: ${amount}${inv.message ? ` (${inv.message})` : ''}.`,
          'The client has been asked to pay it; their payment status is now overdue.',
        ];
  const subject = audience === 'client' ? `Payment failed: invoice ${inv.invoiceNumber}` : `Payment failed: ${inv.clientName}, invoice ${inv.invoiceNumber}`;
  return { to, subject, ...mailBody(lines), kind: audience === 'client' ? 'payment_failed' : 'payment_failed_staff' };
}

/** The e-mail a client gets when an invoice is issued or when the agency reminds them of it. */
export function invoiceMail(kind: 'invoice_created' | 'invoice_reminder', to: string, inv: InvoiceFacts, ctx: InvoiceMailContext): OutgoingMail {
  const amount = usd(inv.amount);
  const due = humanDate(inv.dueDate);
  const subject =
    kind === 'invoice_created'
      ? `New invoice ${inv.invoiceNumber} from ${ctx.agency}`
      : `Payment reminder: invoice ${inv.invoiceNumber}`;
  const intro =
    kind === 'invoice_created'
      ? `${ctx.agency} has issued invoice ${inv.invoiceNumber} for ${amount}, due on ${due}.`
      : `This is a reminder that invoice ${inv.invoiceNumber} for ${amount} ${
          inv.dueDate < utcDate(ctx.now) ? 'was due' : 'is due'
        } on ${due} and has not been paid yet.`;
  const body = mailBody([
    `Hello ${inv.clientName},`,
    '',
    intro,
    inv.description ? `Description: ${inv.description}` : '',
    ctx.billingLink ? `You can view and pay it in your portal: ${ctx.billingLink}` : 'You can view and pay it in your client portal (Billing).',
    '',
    `Thank you,`,
    ctx.agency,
  ]);
  return { to, subject, ...body, kind };
}

/** A social account whose token the network refused: the client reconnects it; the staff know why numbers stop. */
export function connectionBrokenMail(
  audience: 'client' | 'staff',
  to: string,
  e: DomainEventMap['social.connection_broken'],
  agency: string,
  link: string | undefined,
): OutgoingMail {
  const platform = CONTENT_PLATFORM_LABELS[e.platform];
  const lines =
    audience === 'client'
      ? [
          `Hello ${e.clientName},`,
          '',
          `The connection to your ${platform} account ${e.username} has expired or was revoked, so we cannot read its numbers.`,
          link ? `Please reconnect it in your dashboard: ${link}` : 'Please reconnect it in your dashboard (Overview, Connected accounts).',
          '',
          'Thank you,',
          agency,
        ]
      : [`The ${platform} account ${e.username} of ${e.clientName} needs to be reconnected by the client.`, '', 'Its metrics are not syncing until then.'];
  const subject = audience === 'client' ? `Please reconnect your ${platform} account` : `${platform} connection lost: ${e.clientName}`;
  return { to, subject, ...mailBody(lines), kind: audience === 'client' ? 'social_reconnect' : 'social_reconnect_staff' };
}

/** The buyer's receipt for a paid storefront order. */
export function orderReceiptMail(to: string, order: DomainEventMap['order.paid'], ctx: InvoiceMailContext): OutgoingMail {
  const body = mailBody([
    `Hello ${order.clientName},`,
    '',
    `Thank you for your order #${order.orderId}. Your payment of ${usd(order.total)} was received (invoice ${order.invoiceNumber}).`,
    '',
    ...billToLines(ctx.billTo),
    ...order.lines.map((l) => `${l.name} × ${l.quantity} for ${l.target}: ${usd(l.lineTotal)}`),
    '',
    `Subtotal: ${usd(order.subtotal)}`,
    order.discount > 0 ? `Discount: −${usd(order.discount)}` : '',
    `Tax: ${usd(order.tax)}`,
    `Total paid: ${usd(order.total)}`,
    '',
    'Delivery starts as soon as you have sent the short intake form in your portal (Overview); you can follow it under Billing → Orders.',
    ctx.billingLink ? ctx.billingLink : '',
    '',
    'Thank you,',
    ctx.agency,
  ]);
  return { to, subject: `Receipt for order #${order.orderId} from ${ctx.agency}`, ...body, kind: 'order_receipt' };
}

/** To a client's person who wants message e-mails: a new message from the agency in the client's thread. */
export function messageMail(to: string, e: DomainEventMap['message.created'], ctx: { agency: string; messagesLink: string | undefined }): OutgoingMail {
  const preview = e.preview.length > 280 ? `${e.preview.slice(0, 277)}...` : e.preview;
  const lines = [
    `${e.senderName} wrote to you${e.priority ? ' (priority)' : ''}:`,
    '',
    preview,
    '',
    ctx.messagesLink ? `Reply in your portal: ${ctx.messagesLink}` : 'Reply in your client portal (Messages).',
    '',
    'You can turn these e-mails off in Settings → Notifications.',
    ctx.agency,
  ];
  return { to, subject: `${e.priority ? 'Priority message' : 'New message'} from ${ctx.agency}`, ...mailBody(lines), kind: 'message' };
}

/** To the admin of an outbound webhook endpoint that was turned off after a delivery kept failing. */
export function webhookDisabledMail(to: string, e: DomainEventMap['webhook.disabled'], agency: string): OutgoingMail {
  const lines = [
    `The webhook endpoint ${e.url} was turned off.`,
    '',
    e.reason,
    '',
    'Events are not sent to it until you turn it back on in Settings, API & webhooks (failed deliveries can be sent again from its delivery log).',
    '',
    agency,
  ];
  return { to, subject: 'A webhook endpoint was turned off', ...mailBody(lines), kind: 'webhook_disabled' };
}

/**
 * To a person invited to the agency's staff or to a client's team: the one-time link that sets their password and
 * signs them in. `joining` completes "invited you to …".
 */
export function inviteMail(
  to: string,
  ctx: { name: string; agency: string; invitedBy: string; joining: string; url: string; expiresAt: Date; reminder: boolean },
): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    `${ctx.invitedBy} invited you to ${ctx.joining}.`,
    'Open this link to choose your password and sign in:',
    ctx.url,
    '',
    `The link is for you only, works once, and expires on ${humanDate(utcDate(ctx.expiresAt))}.${ctx.reminder ? ' Any earlier invite link no longer works.' : ''}`,
    '',
    ctx.agency,
  ];
  return { to, subject: `You are invited to join ${ctx.agency}`, ...mailBody(lines), kind: 'invite' };
}

/** To a client asked for the intake form (or reminded of it). */
export function intakeRequestMail(
  to: string,
  e: DomainEventMap['intake.requested'],
  ctx: { agency: string; overviewLink: string | undefined },
): OutgoingMail {
  const lines = [
    `Hello ${e.clientName},`,
    '',
    e.reminder
      ? `A reminder: we are still waiting for a few details to start on ${e.subject}.`
      : `Thank you for choosing us. To start on ${e.subject}, we need a few details from you.`,
    'Please fill in the short intake form in your portal: the account to grow, your goals, your audience, competitors you admire and your brand assets.',
    ctx.overviewLink ? ctx.overviewLink : 'You find it on the Overview of your client portal.',
    '',
    'Thank you,',
    ctx.agency,
  ];
  const subject = e.reminder ? `Reminder: we need a few details for ${e.subject}` : `A few details to start ${e.subject}`;
  return { to, subject, ...mailBody(lines), kind: e.reminder ? 'intake_reminder' : 'intake_request' };
}

/** To a client whose review an item waits for: a magic link to approve or reject it without signing in. */
export function reviewLinkMail(
  to: string,
  e: DomainEventMap['content.review_requested'],
  ctx: { agency: string; post: string; url: string; expiresAt: Date; name: string },
): OutgoingMail {
  const lines = [
    `Hello ${ctx.name},`,
    '',
    e.reminder ? `A reminder: ${ctx.post} is still waiting for your approval.` : `${ctx.post[0]!.toUpperCase()}${ctx.post.slice(1)} is ready for your approval.`,
    'See it as it will appear, then approve it or ask for changes, without signing in:',
    ctx.url,
    '',
    `The link is for you only and works until ${humanDate(utcDate(ctx.expiresAt))}, once.`,
    '',
    ctx.agency,
  ];
  return {
    to,
    subject: e.reminder ? `Reminder: a post is waiting for your approval` : `A post is ready for your approval`,
    ...mailBody(lines),
    kind: e.reminder ? 'review_reminder' : 'review_request',
  };
}
