/** Business constants shared by the API and the web app. Values come from the spec; see spec/ section 9 of both documents. */

export const ROLES = ['admin', 'client'] as const;
export type TRole = (typeof ROLES)[number];

/**
 * What an agency staff account (role admin) may do: owner — everything (every admin account before roles
 * existed is an owner); manager — only the clients assigned to them (account manager), nothing agency-wide;
 * read_only — sees what an owner sees and changes nothing but its own account.
 */
export const STAFF_ROLES = ['owner', 'manager', 'read_only'] as const;
export type TStaffRole = (typeof STAFF_ROLES)[number];
/**
 * What a person of a client's team may do in its portal: full — everything (the client's own login always);
 * content — the content, its approvals and comments; billing — invoices, payments, plans and orders. Messages,
 * the overview and performance are for every member.
 */
export const CLIENT_PERMISSIONS = ['full', 'content', 'billing'] as const;
export type TClientPermission = (typeof CLIENT_PERMISSIONS)[number];
/**
 * Whether a client user with permission `has` (null: the client's own login, full access) may do what needs `needed`:
 * full access covers every part, the others only their own. The API's guard and the portal's screens both use it.
 */
export const clientPermissionCovers = (has: TClientPermission | null, needed: TClientPermission): boolean =>
  (has ?? 'full') === 'full' || has === needed;

export const CLIENT_PERMISSION_LABELS: Record<TClientPermission, string> = { full: 'Full access', content: 'Content only', billing: 'Billing only' };

export const STAFF_ROLE_LABELS: Record<TStaffRole, string> = { owner: 'Owner', manager: 'Manager', read_only: 'Read-only' };

export const CLIENT_PACKAGES = ['starter', 'growth', 'professional', 'enterprise'] as const;
export type TClientPackage = (typeof CLIENT_PACKAGES)[number];
/** Monthly price of each agency package in USD; enterprise is custom (null). */
export const CLIENT_PACKAGE_PRICES: Record<TClientPackage, number | null> = {
  starter: 1500,
  growth: 3000,
  professional: 5000,
  enterprise: null,
};
export const DEFAULT_CLIENT_PACKAGE: TClientPackage = 'starter';
export const DEFAULT_MONTHLY_FEE = 1500;

export const CLIENT_PLATFORMS = ['Instagram', 'TikTok', 'YouTube', 'Facebook', 'LinkedIn'] as const;
export const CLIENT_STATUSES = ['active', 'pending', 'paused'] as const;
export const PAYMENT_STATUSES = ['paid', 'overdue', 'pending'] as const;

export const TASK_STATUSES = ['pending', 'in-progress', 'review', 'completed'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const BULK_TASK_STATUSES = ['in-progress', 'review', 'completed'] as const;

export const CONTENT_PLATFORMS = ['instagram', 'tiktok', 'youtube', 'facebook', 'twitter', 'linkedin'] as const;
/** How a content platform is written in texts (notifications, e-mails, screens). */
export const CONTENT_PLATFORM_LABELS: Record<(typeof CONTENT_PLATFORMS)[number], string> = {
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
};
export const CONTENT_STATUSES = ['draft', 'pending-approval', 'approved', 'posted'] as const;
export const BULK_REJECT_FEEDBACK = 'Bulk rejected by admin';

/** refunded: paid, then refunded in full through the payment provider. */
export const INVOICE_STATUSES = ['paid', 'pending', 'overdue', 'refunded'] as const;

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const;
/** Where a click on a notification jumps, by its notification_type (admin-and-foundations 2.3). */
export const NOTIFICATION_TARGETS = {
  success: '#tasks',
  info: '#messages',
  warning: '#billing',
  error: '#alerts',
} as const;

export const NOTIFICATION_PREFERENCE_DEFAULTS = {
  email_invoices: true,
  email_new_clients: true,
  email_system_alerts: true,
  weekly_reports: true,
  push_notifications: false,
  /** Per kind (NOTIFICATION_KINDS), in the app and by e-mail: the portal's settings of clients and their teams. */
  app_messages: true,
  email_messages: true,
  app_content: true,
  email_content: true,
  app_billing: true,
  email_billing: true,
  app_reports: true,
  email_reports: true,
} as const;

export const SOCIAL_PROVIDERS = ['instagram', 'youtube', 'tiktok'] as const;
export const ANALYTICS_PERIODS = ['1month', '3months', '6months', '1year'] as const;
export const DEFAULT_ANALYTICS_PERIOD = '6months';
export const CLIENT_GROWTH_PERIODS = ['3months', '6months', '1year'] as const;
/** How every screen names an analytics period ('Last 6 months'). */
export const ANALYTICS_PERIOD_LABELS: Record<(typeof ANALYTICS_PERIODS)[number], string> = {
  '1month': 'Last month',
  '3months': 'Last 3 months',
  '6months': 'Last 6 months',
  '1year': 'Last year',
};
export const INDUSTRY_ENGAGEMENT_BENCHMARK = 0.035;

export const PRESENCE_STATUSES = ['online', 'away', 'offline'] as const;
export type TPresenceStatus = (typeof PRESENCE_STATUSES)[number];

export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads only the first 72 bytes of a password; a longer one is refused rather than cut silently. */
export const PASSWORD_MAX_BYTES = 72;
export const DELETE_ACCOUNT_PHRASE = 'DELETE MY ACCOUNT';
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** What an upload may be; video only as a post's media (content), never offered to chat or forms. */
export const UPLOAD_FILE_TYPES = ['image', 'pdf', 'doc', 'docx', 'txt', 'video'] as const;

export const LIMITS = {
  toastAutoHideMs: 5000,
  maxToasts: 3,
  notificationDropdown: 10,
  badgeCap: 9,
  overviewTasks: 5,
  overviewClients: 5,
  overviewPendingContent: 3,
  overviewInvoices: 5,
  overviewContentTruncate: 200,
  kanbanCompleted: 5,
  adminMessagePollMs: 5000,
  clientMessagePollMs: 30000,
  topClients: 5,
  recentPayments: 5,
  overdueList: 5,
  teamStrip: 3,
  recentTransactions: 5,
  recentContent: 5,
  clientContentTruncate: 100,
  dashboardPerformanceRows: 3,
  recentMessages: 3,
  paymentHistory: 5,
  realtimeUpdates: 5,
  weeklyWindowDays: 7,
  syncRefreshDelayMs: 2000,
  oauthPopup: { width: 500, height: 600, pollMs: 1000 },
  billingSuccessRedirectMs: 3000,
  contactBannerMs: 3000,
  carouselMs: 5000,
} as const;

export const TAX_RATE = 0.1;
export const GUARANTEE_DAYS = 30;
/** The first-order code the site promises to new customers. */
export const FIRST_ORDER_PROMO = { code: 'WELCOME20', percentOff: 20 } as const;

/* The plans, their prices and the package catalogue's readers: catalogue/catalogue.ts. */

export const PACKAGE_SERVICE_IDS = ['ig-followers', 'tt-followers', 'yt-subscribers'] as const;
export type TPackageServiceId = (typeof PACKAGE_SERVICE_IDS)[number];

export interface TCatalogPackage {
  id: string;
  serviceId: TPackageServiceId;
  name: string;
  quantity: number;
  price: number;
  originalPrice?: number;
  discount?: number;
  popular?: boolean;
  features: string[];
  deliveryTime: string;
  guarantee: string;
}

/** The package catalog of the cart (client-and-public section 9). Prices are authoritative on the server. */
export const PACKAGE_CATALOG: readonly TCatalogPackage[] = [
  { id: 'ig-starter', serviceId: 'ig-followers', name: 'Starter', quantity: 1000, price: 15, features: ['1,000 real followers', 'Gradual delivery', '90-day refill guarantee'], deliveryTime: '3-5 days', guarantee: '90 days' },
  { id: 'ig-growth', serviceId: 'ig-followers', name: 'Growth', quantity: 5000, price: 65, originalPrice: 75, discount: 13, popular: true, features: ['5,000 real followers', 'Gradual delivery', '90-day refill guarantee', 'Priority support'], deliveryTime: '5-7 days', guarantee: '90 days' },
  { id: 'ig-professional', serviceId: 'ig-followers', name: 'Professional', quantity: 10000, price: 120, originalPrice: 150, discount: 20, features: ['10,000 real followers', 'Gradual delivery', '90-day refill guarantee', 'VIP support'], deliveryTime: '7-10 days', guarantee: '90 days' },
  { id: 'tt-starter', serviceId: 'tt-followers', name: 'Starter', quantity: 1000, price: 12, features: ['1,000 real followers', 'Gradual delivery', '60-day refill guarantee'], deliveryTime: '2-4 days', guarantee: '60 days' },
  { id: 'tt-viral', serviceId: 'tt-followers', name: 'Viral', quantity: 10000, price: 100, originalPrice: 120, discount: 17, popular: true, features: ['10,000 real followers', 'Gradual delivery', '60-day refill guarantee'], deliveryTime: '5-8 days', guarantee: '60 days' },
  { id: 'yt-creator', serviceId: 'yt-subscribers', name: 'Creator', quantity: 1000, price: 18, features: ['1,000 real subscribers', 'Gradual delivery', '120-day refill guarantee'], deliveryTime: '5-7 days', guarantee: '120 days' },
  { id: 'yt-monetization', serviceId: 'yt-subscribers', name: 'Monetization', quantity: 4000, price: 65, originalPrice: 72, discount: 10, popular: true, features: ['4,000 real subscribers', 'Gradual delivery', '120-day refill guarantee'], deliveryTime: '7-10 days', guarantee: '120 days' },
];

export const ORDER_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;

/** Delivery of one paid order line: pending → in_progress → partial → completed (→ refill_requested → refilled). */
export const ORDER_ITEM_STATUSES = ['pending', 'in_progress', 'partial', 'completed', 'refill_requested', 'refilled'] as const;
export type TOrderItemStatus = (typeof ORDER_ITEM_STATUSES)[number];
export const ORDER_ITEM_STATUS_LABELS: Record<TOrderItemStatus, string> = {
  pending: 'Pending',
  in_progress: 'In Progress',
  partial: 'Partial',
  completed: 'Completed',
  refill_requested: 'Refill Requested',
  refilled: 'Refilled',
};
/** The platform a package grows (matches social account platforms). */
export const PACKAGE_SERVICE_PLATFORMS = {
  'ig-followers': 'instagram',
  'tt-followers': 'tiktok',
  'yt-subscribers': 'youtube',
} as const;

/** Days until a package is due (the upper end of its catalogue delivery time, e.g. '5-7 days' → 7). */
export function packageDeliveryDays(pkg: Pick<TCatalogPackage, 'deliveryTime'>): number {
  const days = pkg.deliveryTime.match(/(\d+)\s*days?$/);
  return days ? Number(days[1]) : 14;
}
/** Days of the refill guarantee after completion ('90 days' → 90). */
export function packageGuaranteeDays(pkg: Pick<TCatalogPackage, 'guarantee'>): number {
  const days = pkg.guarantee.match(/(\d+)/);
  return days ? Number(days[1]) : 0;
}
export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'cancelled'] as const;
export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export const INQUIRY_TYPES = ['general', 'sales', 'support', 'partnership'] as const;
