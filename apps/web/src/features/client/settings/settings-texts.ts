import type { TClientSection, TNotificationKind } from '@agency/contract';

/** The portal's notification kinds as the settings page names them; `section`: who reaches that part of the portal. */
export const NOTIFICATION_KIND_ROWS: readonly { kind: TNotificationKind; label: string; description: string; section?: TClientSection }[] = [
  { kind: 'messages', label: 'Messages', description: 'New messages from the team.' },
  { kind: 'content', label: 'Content to review', description: 'Posts waiting for your approval, and what the team did with your feedback.', section: 'content' },
  { kind: 'billing', label: 'Invoices and payments', description: 'New invoices, payment reminders, failed or reversed payments, refunds and plan changes.', section: 'billing' },
  { kind: 'reports', label: 'Growth reports', description: 'Your monthly performance report, when it is ready.' },
];

/** What always reaches people, whatever they choose here (the note under the switches). */
export const ALWAYS_SENT =
  'Always sent, whatever you choose: security and account e-mails (password changes and resets, new sign-ins, e-mail address changes), payment receipts, and requests we need you to act on, such as the intake form or reconnecting a social account.';

export const PROFILE_SAVED = 'Profile saved';
export const AVATAR_SAVED = 'Photo updated';
export const AVATAR_REMOVED = 'Photo removed';
export const PREFERENCES_SAVED = 'Notification settings saved';
export const PREFERENCES_FAILED = 'Could not save your notification settings';
export const BILLING_DETAILS_SAVED = 'Billing details saved';
export const BILLING_DETAILS_HINT = 'Shown under "Bill to" on your invoices and receipts.';
