/**
 * Enum values encoded in CHECK constraints and in the columns' types. The product's enums come from the
 * contract (stated once); the lists below them exist only in the database.
 */

export {
  APPROVAL_MODES,
  CLIENT_PACKAGES,
  CLIENT_PERMISSIONS,
  CLIENT_STATUSES,
  CONTENT_PLATFORMS,
  CONTENT_STATUSES,
  INQUIRY_TYPES,
  INTAKE_STATUSES,
  INVOICE_STATUSES,
  LEAD_STATUSES,
  NOTIFICATION_TYPES,
  ORDER_ITEM_STATUSES,
  ORDER_STATUSES,
  PACKAGE_SERVICE_IDS,
  REVIEW_STEPS,
  PAYMENT_STATUSES as CLIENT_PAYMENT_STATUSES,
  ROLES,
  STAFF_ROLES,
  SOCIAL_PROVIDERS,
  SUBSCRIPTION_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  UPLOAD_FILE_TYPES,
} from '@agency/contract';

/** A member of an enum list, for `$type<…>()` on a column. */
export type Of<T extends readonly unknown[]> = T[number];

/** Platforms a social account can live on: the OAuth providers plus Facebook. */
export const SOCIAL_ACCOUNT_PLATFORMS = ['instagram', 'youtube', 'tiktok', 'facebook'] as const;
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
/** Payment providers: Stripe when configured, the built-in sandbox otherwise. */
export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
/** The states of one payment (an intent at the provider). */
export const PAYMENT_STATUSES = [
  'requires_payment_method',
  'requires_action',
  'processing',
  'succeeded',
  'failed',
  'cancelled',
  'refunded',
] as const;
export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;
