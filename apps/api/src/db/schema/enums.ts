/**
 * Enum values encoded in CHECK constraints. They mirror packages/contract/src/constants.ts; the
 * type-level assertions below fail the typecheck if the two ever drift apart. (The contract is
 * imported as types only, so drizzle-kit never has to load it.)
 */
import type {
  CONTENT_PLATFORMS as C_CONTENT_PLATFORMS,
  CONTENT_STATUSES as C_CONTENT_STATUSES,
  INQUIRY_TYPES as C_INQUIRY_TYPES,
  INVOICE_STATUSES as C_INVOICE_STATUSES,
  LEAD_STATUSES as C_LEAD_STATUSES,
  NOTIFICATION_TYPES as C_NOTIFICATION_TYPES,
  ORDER_STATUSES as C_ORDER_STATUSES,
  PACKAGE_SERVICE_IDS as C_PACKAGE_SERVICE_IDS,
  SOCIAL_PROVIDERS as C_SOCIAL_PROVIDERS,
  SUBSCRIPTION_STATUSES as C_SUBSCRIPTION_STATUSES,
  TASK_PRIORITIES as C_TASK_PRIORITIES,
  TASK_STATUSES as C_TASK_STATUSES,
  UPLOAD_FILE_TYPES as C_UPLOAD_FILE_TYPES,
  TBillingPlanId,
} from '@agency/contract';

export const TASK_STATUSES = ['pending', 'in-progress', 'review', 'completed'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const CONTENT_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'facebook', 'twitter', 'linkedin'] as const;
export const CONTENT_STATUSES = ['draft', 'pending-approval', 'approved', 'posted'] as const;
export const INVOICE_STATUSES = ['paid', 'pending', 'overdue'] as const;
export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const;
/** Platforms a social account can live on: the OAuth providers plus Facebook. */
export const SOCIAL_ACCOUNT_PLATFORMS = ['instagram', 'youtube', 'tiktok', 'facebook'] as const;
export const SOCIAL_PROVIDERS = ['instagram', 'youtube', 'tiktok'] as const;
export const UPLOAD_FILE_TYPES = ['image', 'pdf', 'doc', 'docx', 'txt'] as const;
export const ORDER_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'cancelled'] as const;
export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export const INQUIRY_TYPES = ['general', 'sales', 'support', 'partnership'] as const;
export const PACKAGE_SERVICE_IDS = ['ig-followers', 'tt-followers', 'yt-subscribers'] as const;
export const BILLING_PLAN_IDS = ['starter', 'pro', 'premium'] as const;
export const BILLING_CYCLES = ['monthly', 'annual'] as const;
/** Payment providers: Stripe when configured, the built-in sandbox otherwise. */
export const PAYMENT_PROVIDERS = ['stripe', 'sandbox'] as const;
export const PAYMENT_STATUSES = ['requires_payment_method', 'processing', 'succeeded', 'failed', 'cancelled'] as const;
export const EMAIL_STATUSES = ['queued', 'sent', 'failed'] as const;

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type Members<T extends readonly unknown[]> = T[number];

export type _EnumsMatchContract = [
  Assert<Same<Members<typeof TASK_STATUSES>, Members<typeof C_TASK_STATUSES>>>,
  Assert<Same<Members<typeof TASK_PRIORITIES>, Members<typeof C_TASK_PRIORITIES>>>,
  Assert<Same<Members<typeof CONTENT_PLATFORMS>, Members<typeof C_CONTENT_PLATFORMS>>>,
  Assert<Same<Members<typeof CONTENT_STATUSES>, Members<typeof C_CONTENT_STATUSES>>>,
  Assert<Same<Members<typeof INVOICE_STATUSES>, Members<typeof C_INVOICE_STATUSES>>>,
  Assert<Same<Members<typeof NOTIFICATION_TYPES>, Members<typeof C_NOTIFICATION_TYPES>>>,
  Assert<Same<Members<typeof SOCIAL_PROVIDERS>, Members<typeof C_SOCIAL_PROVIDERS>>>,
  Assert<Same<Members<typeof UPLOAD_FILE_TYPES>, Members<typeof C_UPLOAD_FILE_TYPES>>>,
  Assert<Same<Members<typeof ORDER_STATUSES>, Members<typeof C_ORDER_STATUSES>>>,
  Assert<Same<Members<typeof SUBSCRIPTION_STATUSES>, Members<typeof C_SUBSCRIPTION_STATUSES>>>,
  Assert<Same<Members<typeof LEAD_STATUSES>, Members<typeof C_LEAD_STATUSES>>>,
  Assert<Same<Members<typeof INQUIRY_TYPES>, Members<typeof C_INQUIRY_TYPES>>>,
  Assert<Same<Members<typeof PACKAGE_SERVICE_IDS>, Members<typeof C_PACKAGE_SERVICE_IDS>>>,
  Assert<Same<Members<typeof BILLING_PLAN_IDS>, TBillingPlanId>>,
];
