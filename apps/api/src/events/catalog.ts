import type { TContent, TNotification, TPresenceStatus, TRole } from '@agency/contract';

/** `access_changed`: the login was linked to or unlinked from a client; its tokens stay valid, what they grant changed. */
export type SessionEndReason =
  | 'logout'
  | 'password_changed'
  | 'account_deleted'
  | 'access_changed'
  /** Revoked from the list of sessions (one, or all others). */
  | 'revoked'
  /** The e-mail address or the second factor changed: the other sessions end. */
  | 'security_changed';

/** What an invoice event tells its listeners (enough to write the notification and the e-mail). */
export interface InvoiceFacts {
  invoiceId: number;
  clientId: number;
  clientName: string;
  invoiceNumber: string;
  amount: number;
  dueDate: string;
  description: string | null;
}

/** A subscription's invoice the payment provider billed: our invoice for it is issued the first time we hear of it. */
export interface BilledInvoiceFacts {
  provider: 'stripe' | 'sandbox';
  providerInvoiceId: string;
  /** Our subscription row. */
  subscriptionId: number;
  clientId: number;
  /** Dollars: what was paid (payment.succeeded) or is owed (payment.failed). */
  amount: number;
  /** The day the provider billed it (YYYY-MM-DD): the invoice's due date. */
  dueDate: string;
  description: string;
}

/**
 * What a payment at the provider was for: one of our invoices (Pay Now), a storefront order (checkout), or a
 * subscription's invoice the provider billed itself.
 */
export type PaymentTarget =
  | { kind: 'invoice'; invoiceId: number; clientId: number }
  | { kind: 'order'; orderId: number; clientId: number | null }
  | { kind: 'billed_invoice'; invoice: BilledInvoiceFacts };

/**
 * Durable domain events: recorded by services in the transaction of their change (events/outbox.ts),
 * dispatched once after commit to the transactional listeners, then fanned out to every instance.
 * Every event here has at least one listener (test/events.test.ts checks it).
 */
export interface DomainEventMap {
  /** A task got a (new) staff assignee other than the person who made the change. */
  'task.assigned': { taskId: number; assigneeId: number; title: string; clientName: string; dueDate: string };
  /** Content items of one client were approved or sent back to draft, by staff or by the client. */
  'content.reviewed': {
    clientId: number;
    clientName: string;
    action: 'approved' | 'rejected';
    by: 'staff' | 'client';
    items: { id: number; platform: TContent['platform']; scheduledDate: string }[];
    feedback: string | null;
  };
  /** An item now waits for the client's review (or still does: `reminder`): the client gets a magic link by e-mail. */
  'content.review_requested': {
    contentId: number;
    clientId: number;
    clientName: string;
    platform: TContent['platform'];
    scheduledDate: string;
    reminder: boolean;
  };
  /** An item has waited on the staff review for more than two days: the staff are reminded (once per wait). */
  'content.review_overdue': {
    contentId: number;
    clientId: number;
    clientName: string;
    platform: TContent['platform'];
    scheduledDate: string;
    waitingSince: string;
  };
  /** A comment on a content item; `internal` ones are for staff only. Mentioned users are notified. */
  'content.comment_added': {
    commentId: number;
    contentId: number;
    clientId: number;
    clientName: string;
    platform: TContent['platform'];
    authorId: number;
    authorName: string;
    authorRole: 'admin' | 'client';
    visibility: 'internal' | 'shared';
    mentionIds: number[];
    excerpt: string;
  };
  /** A client sent drafts for approval: the agency's staff are told. */
  'content.submitted': {
    clientId: number;
    clientName: string;
    items: { id: number; platform: TContent['platform']; scheduledDate: string }[];
  };
  'invoice.created': InvoiceFacts;
  'invoice.paid': InvoiceFacts;
  'invoice.reminder_sent': InvoiceFacts & { overdue: boolean };
  /** The agency recorded a payment it received by hand (bank transfer, cash, cheque…); `settled`: nothing is owed now. */
  'invoice.payment_recorded': InvoiceFacts & {
    paymentId: number;
    paymentAmount: number;
    paidOn: string;
    method: 'bank_transfer' | 'cash' | 'cheque' | 'other';
    amountDue: number;
    settled: boolean;
  };
  /** A recorded payment was reversed (with the reason): the invoice owes it again; `reopened`: it was paid until now. */
  'invoice.payment_reversed': InvoiceFacts & { paymentId: number; paymentAmount: number; reason: string; amountDue: number; reopened: boolean };
  /** A renewal charge failed (or needs the card holder to authenticate): the client owes it now. */
  'invoice.payment_failed': InvoiceFacts & { reason: 'declined' | 'authentication_required'; message: string | null };
  /** A refund was issued at the payment provider (all of the invoice, or part of it). */
  'invoice.refunded': InvoiceFacts & { refundedAmount: number; full: boolean };
  /** A payment succeeded at the provider (from its webhook, the sandbox, or our own re-read): what it paid is paid. */
  'payment.succeeded': { paid: PaymentTarget; card: string | null; paymentIntentId: string | null };
  /** A payment failed, or needs the card holder to authenticate. */
  'payment.failed': { paid: PaymentTarget; reason: 'declined' | 'authentication_required'; message: string | null };
  /**
   * A charge was refunded at the provider (Stripe's dashboard): `refundedAmount` is what is refunded so far, in
   * dollars. The invoice is ours (`invoiceId`, a Pay Now payment) or one the provider billed (`providerInvoiceId`).
   */
  'charge.refunded': {
    invoiceId: number | null;
    provider: 'stripe' | 'sandbox';
    providerInvoiceId: string | null;
    refundedAmount: number;
    customerId: string | null;
  };
  /**
   * A client's plan subscription started, changed plan, was set to end, ended, or otherwise changed what it bills
   * (`updated`: a renewal moved its period, a cancellation was undone; nobody is told). It carries the subscription
   * as it now is, so the client record can show it.
   */
  'subscription.changed': {
    subscriptionId: number;
    clientId: number;
    clientName: string;
    planName: string;
    previousPlanName: string;
    change: 'activated' | 'plan_changed' | 'cancel_scheduled' | 'ended' | 'paused' | 'resumed' | 'updated';
    /** The end of the current period (YYYY-MM-DD), when the provider says. */
    periodEnd: string | null;
    /** The plan's monthly price in dollars. */
    price: number;
    /** It renews at periodEnd (running, not set to end, not paused). */
    renews: boolean;
    /** The client paused it: nothing is charged until it resumes. */
    paused: boolean;
  };
  /** A visitor sent the contact form. */
  'lead.submitted': { leadId: number; name: string; subject: string };
  /** A message was added to a client's thread; `recipientIds` are notified. */
  'message.created': {
    messageId: number;
    clientId: number;
    senderId: number | null;
    receiverId: number | null;
    senderName: string;
    preview: string;
    priority: boolean;
    recipientIds: number[];
  };
  'message.read': { messageIds: number[]; clientId: number; readerId: number };
  /**
   * Sessions of a user ended: API tokens were revoked (sign-out, password change, account deletion), or what they
   * grant changed (access_changed). The sockets opened with them close on every instance (a browser whose token is
   * still valid reconnects) and every instance forgets the user's cached token lookups. `tokenIds` null: every
   * token of the user.
   */
  'session.revoked': { userId: number; tokenIds: number[] | null; reason: SessionEndReason };
  /** A social network refused an account's token (expired, revoked): the client must reconnect it. Once per breakage. */
  'social.connection_broken': {
    accountId: number;
    clientId: number;
    clientName: string;
    platform: 'instagram' | 'youtube' | 'tiktok';
    username: string;
    reason: string;
  };
  /**
   * A client's social accounts or their numbers changed: a sync recorded a snapshot, an account was connected
   * (or reconnected) or disconnected. Screens showing them refresh.
   */
  'social.account_changed': { clientId: number; accountIds: number[]; change: 'synced' | 'connected' | 'disconnected' };
  /** A storefront order was paid: the staff hear of it live, the buyer gets the receipt. */
  'order.paid': {
    orderId: number;
    clientId: number;
    clientName: string;
    total: number;
    invoiceNumber: string;
    lines: { name: string; platform: string; quantity: number; target: string; lineTotal: number }[];
    subtotal: number;
    discount: number;
    tax: number;
  };
  /** Staff or a measured sync moved the delivery of an order's lines; `completed` names the lines now complete. */
  'order.delivery_changed': { orderId: number; clientId: number; completed: string[] };
  /** A client asked for a refill of a delivered line. */
  'order.refill_requested': { orderId: number; clientId: number; clientName: string; lineName: string; target: string };
  /** A client record was created (by staff, a converted lead, or a first purchase). */
  'client.created': { clientId: number; name: string; email: string; company: string; package: string };
  /** A staff account ended (removed by an owner, or deleted by its holder): the clients it managed are unassigned. */
  'staff.removed': { userId: number; managedClientIds: number[] };
  /** The agency archived a client: its portal closes (its logins' sessions end; they cannot sign in until restored). */
  'client.archived': { clientId: number };
  /**
   * A person was invited to the agency's staff or to a client's team (or invited again, `reminder`): they are
   * e-mailed a fresh one-time sign-in link.
   */
  'invite.sent': { userId: number; invitedBy: number; reminder: boolean };
  /**
   * Someone signed in and a session opened (with a password, after a second factor, with a passkey, through an
   * invite): the new-device e-mail and the audit log follow.
   */
  'user.signed_in': { userId: number; tokenId: number; method: 'password' | 'second_factor' | 'passkey' | 'invite' | 'sign_up'; userAgent: string | null; ip: string | null };
  /** A second factor was turned on or off, or new recovery codes were made: the account is told by e-mail. */
  'account.two_factor_changed': { userId: number; change: 'enabled' | 'disabled' | 'recovery_codes_regenerated' };
  /**
   * Someone asked for a password reset link for this address (lower case), whether or not an account has it: the
   * request does the same work either way; its listener queues a job, which finds the account and e-mails the link.
   */
  'account.password_reset_requested': { email: string };
  /** A new sign-up (or one asking again) is e-mailed a link to confirm its address. */
  'account.email_verification_requested': { userId: number };
  /** A user asked to change its address: a link to confirm goes to the new one (nothing changes until it is opened). */
  'account.email_change_requested': { userId: number; newEmail: string };
  /** An address change was confirmed: the old address is told, with a link to undo it. */
  'account.email_changed': { userId: number; oldEmail: string; newEmail: string };
  /** An address change was undone from the old address: it is mailed a link to set a new password. */
  'account.email_restored': { userId: number; restoredEmail: string; removedEmail: string };
  /** A password was changed (by its holder, or with a reset link): the account is told by e-mail. */
  'account.password_changed': { userId: number; how: 'changed' | 'reset' };
  /**
   * A client is asked for an intake form (after a paid order or a new subscription), or reminded of one still
   * waiting (`reminder`): the client's login is told and mailed.
   */
  'intake.requested': { intakeId: number; clientId: number; clientName: string; subject: string; reminder: boolean };
  /** The client sent an intake form, or staff started without it (`skipped`): staff are told when it was sent. */
  'intake.submitted': { intakeId: number; clientId: number; clientName: string; subject: string; orderId: number | null; skipped: boolean };
  /** A client's scheduled monthly growth report went out (`month` YYYY-MM, `period` its name): the portal tells its readers. */
  'report.sent': { clientId: number; month: string; period: string };
  /** An outbound webhook endpoint was turned off after a delivery kept failing: its admin is told. */
  'webhook.disabled': { endpointId: number; url: string; reason: string; adminId: number | null };
  /** An in-app notification was stored for a user (pushed to their sockets). */
  'notification.created': { userId: number; notification: TNotification };
}
export type DomainEventName = keyof DomainEventMap;

/** Every domain event by name (the typecheck fails if one is missing here). */
export const DOMAIN_EVENT_NAMES = [
  'task.assigned',
  'content.reviewed',
  'content.review_requested',
  'content.review_overdue',
  'content.comment_added',
  'content.submitted',
  'invoice.created',
  'invoice.paid',
  'invoice.reminder_sent',
  'invoice.payment_recorded',
  'invoice.payment_reversed',
  'invoice.payment_failed',
  'invoice.refunded',
  'payment.succeeded',
  'payment.failed',
  'charge.refunded',
  'subscription.changed',
  'lead.submitted',
  'message.created',
  'message.read',
  'session.revoked',
  'social.connection_broken',
  'social.account_changed',
  'order.paid',
  'order.delivery_changed',
  'order.refill_requested',
  'client.created',
  'staff.removed',
  'client.archived',
  'invite.sent',
  'user.signed_in',
  'account.two_factor_changed',
  'account.password_reset_requested',
  'account.email_verification_requested',
  'account.email_change_requested',
  'account.email_changed',
  'account.email_restored',
  'account.password_changed',
  'intake.requested',
  'intake.submitted',
  'webhook.disabled',
  'report.sent',
  'notification.created',
] as const satisfies readonly DomainEventName[];
export type _EveryEventNamed = Exclude<DomainEventName, (typeof DOMAIN_EVENT_NAMES)[number]> extends never ? true : never;
const _everyEventNamed: _EveryEventNamed = true;
void _everyEventNamed;

/**
 * Broadcasts: not stored, only fanned out to every instance (state that is worthless after the moment,
 * like who is connected).
 */
export interface BroadcastEventMap {
  /** `clientId`: the client of a client login (its presence is for the staff who reach that client). */
  'presence.changed': { userId: number; role: TRole; clientId: number | null; status: TPresenceStatus };
}
export type BroadcastEventName = keyof BroadcastEventMap;

export type AnyEventMap = DomainEventMap & BroadcastEventMap;
export type AnyEventName = keyof AnyEventMap;
