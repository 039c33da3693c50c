import type { z } from 'zod';
import { ZClientMember, ZInviteClientMember, ZUpdateClientMember } from '../team/team.schemas';
import { ZBillingSettingsSchema, ZInviteStaffSchema, ZStaffMemberSchema, ZUpdateStaffSchema } from '../admin/admin.schemas';
import {
  ZAccountAnalyticsSchema,
  ZAnalyticsOverviewSchema,
  ZClientAnalyticsOverviewSchema,
  ZClientReportSchema,
  ZPlatformPerformanceSchema,
  ZPlatformShareSchema,
  ZTopClientSchema,
} from '../analytics/analytics.schemas';
import {
  ZAuthResponseSchema,
  ZChangePasswordSchema,
  ZDemoLoginSchema,
  ZDemoLoginsSchema,
  ZLoginSchema,
  ZRegisterSchema,
  ZRoleSchema,
  ZUserSchema,
  ZAcceptInviteSchema,
  ZInviteTokenSchema,
  ZInviteViewSchema,
} from '../auth/auth.schemas';
import {
  ZBillingConfigSchema,
  ZBillingPlanIdSchema,
  ZBillingPlanSchema,
  ZBillingPlansSchema,
  ZCancelSubscriptionSchema,
  ZChangePlanSchema,
  ZChoosePlanSchema,
  ZConfirmPaymentResponseSchema,
  ZConfirmPaymentSchema,
  ZConfirmSetupSchema,
  ZCreatePaymentIntentSchema,
  ZCreateSubscriptionResponseSchema,
  ZPaymentIntentSchema,
  ZPaymentMethodSchema,
  ZPaymentMethodsSchema,
  ZPaymentProviderSchema,
  ZPlanChangePreviewSchema,
  ZSetupIntentSchema,
  ZSubscriptionSchema,
} from '../billing/billing.schemas';
import {
  ZClientFormSchema,
  ZClientPackageSchema,
  ZClientPlatformSchema,
  ZClientSchema,
  ZClientStatusSchema,
  ZClientSummarySchema,
  ZPaymentStatusSchema,
  ZUpdateClientSchema,
  ZUpdatePaymentStatusSchema,
} from '../clients/clients.schemas';
import { ZErrorSchema, paginated } from '../common/common.schemas';
import { BILLING_PLANS } from '../constants';
import {
  ZBulkApproveContentSchema,
  ZContentPlatformSchema,
  ZContentSchema,
  ZContentStatsSchema,
  ZContentStatusSchema,
  ZCreateContentSchema,
  ZRejectContentSchema,
  ZUpdateContentSchema,
} from '../content/content.schemas';
import { ZClientDashboardStatsSchema, ZDashboardStatsSchema } from '../dashboard/dashboard.schemas';
import { ZAttachmentSchema, ZFileSchema, ZUploadFileTypeSchema } from '../files/files.schemas';
import { ZHealthSchema } from '../health/health.contract';
import {
  ZInvoiceFormSchema,
  ZInvoiceSchema,
  ZInvoiceStatusSchema,
  ZInvoiceSummarySchema,
  ZOverdueInvoiceSchema,
  ZOverdueInvoicesSchema,
  ZRecentPaymentsSchema,
  ZSendReminderResponseSchema,
} from '../invoices/invoices.schemas';
import {
  ZContactSchema,
  ZConvertLeadSchema,
  ZInquiryTypeSchema,
  ZLeadSchema,
  ZLeadStatusSchema,
  ZUpdateLeadSchema,
} from '../leads/leads.schemas';
import {
  ZAdminConversationsSchema,
  ZConversationSchema,
  ZMessageSchema,
  ZSendMessageSchema,
  ZSendToAdminSchema,
  ZSendToClientSchema,
  ZTeamMemberSchema,
  ZTeamSchema,
} from '../messages/messages.schemas';
import { ZRealtimeMetricSchema, ZRealtimeMetricsSchema } from '../metrics/metrics.schemas';
import {
  ZNotificationListSchema,
  ZNotificationPreferencesSchema,
  ZNotificationSchema,
  ZNotificationTypeSchema,
} from '../notifications/notifications.schemas';
import { ZOAuthInitiateSchema } from '../oauth/oauth.schemas';
import { ZIntakeForm, ZIntakeSubmit } from '../intake/intake.schemas';
import {
  ZContentComment,
  ZContentReview,
  ZContentWaiting,
  ZCreateContentComment,
  ZMentionable,
  ZReviewDecision,
  ZReviewLinkDecision,
  ZReviewLinkSent,
  ZReviewLinkToken,
  ZReviewLinkView,
} from '../content/approval.schemas';
import {
  ZCreateOrderSchema,
  ZOrderLineInputSchema,
  ZOrderLineSchema,
  ZOrderSchema,
  ZBulkUpdateOrderLinesSchema,
  ZPromoCodeFormSchema,
  ZPromoCodeSchema,
  ZPromoSchema,
  ZUpdateOrderLineSchema,
  ZUpdatePromoCodeSchema,
  ZValidatePromoSchema,
} from '../orders/orders.schemas';
import {
  ZAnalyticsPeriodSchema,
  ZMonthlyPerformanceRowSchema,
  ZMonthlyReportSchema,
  ZPerformanceRowSchema,
  ZReportAccountSchema,
} from '../performance/performance.schemas';
import { ZDeletedCountSchema, ZUpdatedCountSchema } from '../shared/shared.schemas';
import {
  ZSocialAccountListSchema,
  ZSocialAccountSchema,
  ZSocialAccountStatusSchema,
  ZSocialProviderSchema,
  ZSyncAccountResponseSchema,
} from '../social-accounts/social-accounts.schemas';
import {
  ZBulkDeleteTasksSchema,
  ZBulkUpdateTasksSchema,
  ZTaskFormSchema,
  ZTaskPrioritySchema,
  ZTaskSchema,
  ZTaskStatsSchema,
  ZTaskStatusSchema,
  ZUpdateTaskSchema,
} from '../tasks/tasks.schemas';

/**
 * The named schemas of the OpenAPI document (`components.schemas`), each with a realistic example.
 *
 * The API's document generator converts each schema with the same converter ts-rest uses and replaces every
 * identical inlined copy in the document with a `$ref` to it. A test parses every example with its own schema, so
 * an example cannot drift from the contract.
 */
export interface TOpenApiComponent {
  /** The key under `components.schemas`. */
  name: string;
  schema: z.ZodTypeAny;
  /** A realistic value the schema accepts. */
  example: unknown;
}

const component = <S extends z.ZodTypeAny>(name: string, schema: S, example: z.input<S>): TOpenApiComponent => ({
  name,
  schema,
  example,
});

const page = <T>(results: T[], count: number, path: string) => ({
  count,
  next: count > results.length ? `${path}?page=2` : null,
  previous: null,
  results,
});

/**
 * Every named schema of /api/openapi.json, in document order, with its example. A function, so that nothing here is
 * built (or bundled into the web app) unless asked for.
 */
export function openApiComponents(): readonly TOpenApiComponent[] {
  const user: z.input<typeof ZUserSchema> = {
    id: 7,
    email: 'maya.lopez@northwind.example',
    username: 'maya.lopez@northwind.example',
    name: 'Maya Lopez',
    first_name: 'Maya',
    last_name: 'Lopez',
    role: 'client',
    staff_role: null,
    company: 'Northwind Coffee',
    avatar: null,
    client_id: 12,
    client_permission: 'full',
    created_at: '2025-01-14T10:02:11.000Z',
    password_changed_at: '2025-01-14T10:02:11.000Z',
  };

  const client: z.input<typeof ZClientSchema> = {
    id: 12,
    name: 'Maya Lopez',
    email: 'maya.lopez@northwind.example',
    company: 'Northwind Coffee',
    package: 'growth',
    monthly_fee: 3000,
    platforms: ['Instagram', 'TikTok'],
    status: 'active',
    payment_status: 'paid',
    account_manager: 'Alex Morgan',
    account_manager_id: 2,
    total_spent: 18000,
    next_payment: '2025-04-01',
    user_id: 7,
    user_first_name: 'Maya',
    user_last_name: 'Lopez',
    user_email: 'maya.lopez@northwind.example',
    user_avatar: null,
    created_at: '2024-10-01T08:15:00.000Z',
    archived_at: null,
    approval_mode: 'internal_then_client',
  };

  const task: z.input<typeof ZTaskSchema> = {
    id: 31,
    title: 'Spring campaign content calendar',
    description: 'Plan twelve posts and four reels for the March launch.',
    client: 12,
    client_name: 'Northwind Coffee',
    assigned_to: 'Alex Morgan',
    assigned_to_user: 2,
    priority: 'high',
    status: 'in-progress',
    due_date: '2025-03-07T17:00:00.000Z',
    created_at: '2025-02-24T09:30:00.000Z',
    updated_at: '2025-02-26T14:12:40.000Z',
    is_overdue: false,
  };

  const content: z.input<typeof ZContentSchema> = {
    id: 88,
    client: 12,
    client_name: 'Northwind Coffee',
    platform: 'instagram',
    content: 'Our spring blend is here: bright, floral and roasted this week. #NorthwindSpring',
    scheduled_date: '2025-03-10T15:00:00.000Z',
    image_url: 'https://cdn.northwind.example/spring-blend.jpg',
    status: 'approved',
    engagement_rate: 0.047,
    created_at: '2025-02-27T11:20:00.000Z',
    updated_at: '2025-02-28T09:05:00.000Z',
    approved_by_name: 'Alex Morgan',
    approved_at: '2025-02-28T09:05:00.000Z',
    feedback: null,
    review_step: null,
    waiting_since: null,
  };

  const invoice: z.input<typeof ZInvoiceSchema> = {
    id: 240,
    invoice_number: 'INV-2025-0240',
    client: 12,
    client_name: 'Northwind Coffee',
    amount: 3000,
    due_date: '2025-03-15',
    description: 'Growth package, March 2025',
    status: 'pending',
    created_at: '2025-03-01T06:00:00.000Z',
    paid_at: null,
    reminder_sent_at: null,
    is_overdue: false,
    paid_via: null,
    payment_card: null,
    refunded_amount: 0,
  };

  const overdueInvoice: z.input<typeof ZOverdueInvoiceSchema> = {
    ...invoice,
    id: 198,
    invoice_number: 'INV-2025-0198',
    due_date: '2025-02-15',
    description: 'Growth package, February 2025',
    created_at: '2025-02-01T06:00:00.000Z',
    reminder_sent_at: '2025-02-20T09:00:00.000Z',
    is_overdue: true,
    days_overdue: 14,
  };

  const notification: z.input<typeof ZNotificationSchema> = {
    id: 501,
    title: 'Invoice paid',
    message: 'Northwind Coffee paid INV-2025-0198 ($3,000.00).',
    type: 'success',
    notification_type: 'warning',
    read: false,
    created_at: '2025-03-01T12:44:03.000Z',
    timestamp: '2025-03-01T12:44:03.000Z',
    link: '#invoices',
  };

  const attachment: z.input<typeof ZAttachmentSchema> = {
    id: 45,
    name: 'spring-moodboard.pdf',
    size: 482133,
    content_type: 'application/pdf',
    url: '/api/files/45/download/',
  };

  const message: z.input<typeof ZMessageSchema> = {
    id: 903,
    sender: 7,
    receiver: null,
    sender_name: 'Maya Lopez',
    sender_role: 'client',
    client: 12,
    content: 'Here is the moodboard for the spring posts.',
    timestamp: '2025-03-02T16:20:00.000Z',
    read: false,
    priority: false,
    attachment,
  };

  const conversation: z.input<typeof ZConversationSchema> = {
    id: 12,
    clientId: 12,
    userId: 7,
    name: 'Maya Lopez',
    role: 'client',
    company: 'Northwind Coffee',
    email: 'maya.lopez@northwind.example',
    unreadCount: 2,
    avatar: null,
    lastMessage: { timestamp: '2025-03-02T16:20:00.000Z', content: 'Here is the moodboard for the spring posts.' },
  };

  const teamMember: z.input<typeof ZTeamMemberSchema> = { id: 2, name: 'Alex Morgan', role: 'Account Manager', status: 'online' };

  const lead: z.input<typeof ZLeadSchema> = {
    id: 19,
    name: 'Sam Rivera',
    email: 'sam@harborbikes.example',
    company: 'Harbor Bikes',
    subject: 'TikTok growth for a bike shop',
    message: 'We want to reach riders in our city. What would a three-month plan cost?',
    inquiryType: 'sales',
    status: 'new',
    client: null,
    created_at: '2025-03-03T08:41:00.000Z',
    updated_at: '2025-03-03T08:41:00.000Z',
  };

  const orderLine: z.input<typeof ZOrderLineSchema> = {
    id: 91,
    package_id: 'ig-growth',
    name: 'Growth',
    service_id: 'ig-followers',
    quantity: 1,
    unit_price: 65,
    line_total: 65,
    target: '@northwindcoffee',
    status: 'in_progress',
    ordered_amount: 5000,
    start_count: 12840,
    delivered: 2150,
    remains: 2850,
    measured: true,
    expected_delivery_at: '2025-03-11T10:01:12.000Z',
    overdue: false,
    completed_at: null,
    guarantee_until: null,
    refill_available: false,
    refill_requested_at: null,
  };

  const order: z.input<typeof ZOrderSchema> = {
    id: 57,
    status: 'succeeded',
    lines: [orderLine],
    subtotal: 65,
    discount: 13,
    tax: 5.2,
    total: 57.2,
    promo_code: 'WELCOME20',
    created_at: '2025-03-04T10:00:00.000Z',
    paid_at: '2025-03-04T10:01:12.000Z',
    client: 12,
    client_name: 'Northwind Coffee',
    invoice: 318,
    invoice_number: 'INV-2025-0318',
    payment_error: null,
    intake: { id: 21, status: 'submitted' },
  };

  const intakeForm: z.input<typeof ZIntakeForm> = {
    id: 21,
    client: 12,
    client_name: 'Northwind Coffee',
    order: 57,
    subscription: null,
    subject: 'Order #57',
    status: 'submitted',
    handle: '@northwindcoffee',
    goals: 'Grow local followers before the spring opening; more visits to the café.',
    audience: 'Coffee lovers aged 22-40 in Portland, students and remote workers.',
    competitors: ['@stumptowncoffee', '@coavacoffee'],
    assets: [{ id: 340, name: 'logo.png', size: 48213, content_type: 'image/png', url: '/api/files/340/download/' }],
    requested_at: '2025-03-04T10:01:12.000Z',
    submitted_at: '2025-03-04T10:20:45.000Z',
    submitted_by_name: 'Maya Lopez',
    skipped_at: null,
  };

  const promoCode: z.input<typeof ZPromoCodeSchema> = {
    id: 4,
    code: 'SPRING15',
    percent_off: 15,
    amount_off: null,
    first_order_only: false,
    active: true,
    expires_at: '2025-05-31T23:59:59.000Z',
    max_redemptions: 100,
    redemptions: 12,
    created_at: '2025-03-01T09:00:00.000Z',
  };

  // The Pro plan of the price list, as GET /api/billing/plans/ answers it.
  const pro = BILLING_PLANS.find((plan) => plan.id === 'pro')!;
  const billingPlan: z.input<typeof ZBillingPlanSchema> = { ...pro, features: [...pro.features] };

  const paymentMethod: z.input<typeof ZPaymentMethodSchema> = {
    id: 'pm_1QxNorthwindVisa',
    brand: 'visa',
    last4: '4242',
    exp_month: 8,
    exp_year: 2027,
    is_default: true,
  };

  const socialAccount: z.input<typeof ZSocialAccountSchema> = {
    id: 14,
    platform: 'instagram',
    username: 'northwindcoffee',
    followers_count: 48210,
    engagement_rate: 0.043,
    posts_count: 612,
    last_sync: '2025-03-04T06:00:00.000Z',
    is_active: true,
    needs_reconnect: false,
    client: 12,
    client_name: 'Northwind Coffee',
  };

  const monthlyRow: z.input<typeof ZMonthlyPerformanceRowSchema> = {
    id: 1,
    month: '2025-02',
    followers: 48210,
    reach: 132400,
    engagement: 0.043,
    growth_rate: 3.8,
  };

  const accountAnalytics: z.input<typeof ZAccountAnalyticsSchema> = {
    id: 14,
    platform: 'instagram',
    username: 'northwindcoffee',
    is_active: true,
    followers_count: 48210,
    engagement_rate: 0.043,
    reach: 132400,
    posts_count: 612,
    daily_growth: 64,
    growth_rate: 3.8,
  };

  const platformPerformance: z.input<typeof ZPlatformPerformanceSchema> = {
    platform: 'instagram',
    connected: true,
    followers: 48210,
    engagement_rate: 0.043,
    reach: 132400,
    growth_rate: 3.8,
  };

  const topClient: z.input<typeof ZTopClientSchema> = {
    id: 12,
    name: 'Maya Lopez',
    company: 'Northwind Coffee',
    followers: 48210,
    engagement: 0.043,
    growth_rate: 3.8,
  };

  const platformShare: z.input<typeof ZPlatformShareSchema> = { platform: 'instagram', accounts: 9, percent: 52.9 };

  const performanceRow: z.input<typeof ZPerformanceRowSchema> = {
    id: 12,
    client: 12,
    client_name: 'Northwind Coffee',
    month: null,
    followers: 61930,
    engagement: 0.041,
    reach: 198500,
    growth_rate: 4.6,
    revenue: 3000,
  };

  const reportAccount: z.input<typeof ZReportAccountSchema> = {
    id: 14,
    platform: 'instagram',
    username: 'northwindcoffee',
    followers: 48210,
    followers_gained: 1763,
    reach: 132400,
    engagement: 0.043,
  };

  const realtimeMetric: z.input<typeof ZRealtimeMetricSchema> = {
    account: { id: 14, platform: 'instagram', username: 'northwindcoffee' },
    followers_count: 48210,
    engagement_rate: 0.043,
    reach: 5120,
    daily_growth: 64,
    last_updated: '2025-03-04T06:00:00.000Z',
  };

  const staffMember: z.input<typeof ZStaffMemberSchema> = {
    id: 2,
    name: 'Alex Morgan',
    email: 'alex@agency.example',
    role: 'admin',
    staff_role: 'manager',
    status: 'online',
    invite_pending: false,
    managed_clients: 8,
  };

  const subscription: z.input<typeof ZSubscriptionSchema> = {
    id: 3,
    plan: 'pro',
    plan_name: 'Pro',
    price_id: 'price_pro_monthly',
    provider: 'sandbox',
    price: 250,
    billing_cycle: 'monthly',
    next_billing_date: '2025-04-04',
    status: 'active',
    cancel_at_period_end: false,
    features: billingPlan.features,
    created_at: '2025-03-04T10:05:00.000Z',
  };

  return [
    component('Error', ZErrorSchema, {
      detail: 'Enter a valid email address',
      code: 'validation_error',
      errors: { email: ['Enter a valid email address'] },
    }),

    // Auth and users
    component('User', ZUserSchema, user),
    component('AuthResponse', ZAuthResponseSchema, { token: '3f9c1e0b7d2a4c58a1e6b0d9c4f7a2e1b8d3c6f9a0e5b2d7c4f1a8e3b6d9c2f5', user }),
    component('Login', ZLoginSchema, { email: 'maya.lopez@northwind.example', password: 'spring-blend-2025' }),
    component('Register', ZRegisterSchema, {
      email: 'maya.lopez@northwind.example',
      password: 'spring-blend-2025',
      name: 'Maya Lopez',
      role: 'client',
      company: 'Northwind Coffee',
    }),
    component('ChangePassword', ZChangePasswordSchema, {
      current_password: 'spring-blend-2025',
      new_password: 'summer-roast-2025',
    }),
    component('DemoLogin', ZDemoLoginSchema, { role: 'admin', email: 'admin@demo.example', password: 'demo-admin-pass' }),
    component('DemoLogins', ZDemoLoginsSchema, {
      logins: [
        { role: 'admin', email: 'admin@demo.example', password: 'demo-admin-pass' },
        { role: 'client', email: 'client@demo.example', password: 'demo-client-pass' },
      ],
    }),
    component('StaffMember', ZStaffMemberSchema, staffMember),
    component('InviteStaff', ZInviteStaffSchema, { email: 'jordan@agency.example', first_name: 'Jordan', last_name: 'Lee', staff_role: 'manager' }),
    component('UpdateStaff', ZUpdateStaffSchema, { staff_role: 'read_only' }),
    component('InviteToken', ZInviteTokenSchema, { token: 'inv_2mW9xQ4bT7cLp0aZr8sN1vY6kJ3hF5dG9eU2iO4wB7q' }),
    component('InviteView', ZInviteViewSchema, {
      email: 'jordan@agency.example',
      name: 'Jordan Lee',
      agency: 'Northwind Growth',
      role_label: 'Manager',
      expires_at: '2025-03-11T09:00:00.000Z',
    }),
    component('ClientMember', ZClientMember, {
      id: 31,
      name: 'Sam Rivera',
      email: 'sam@northwind.example',
      permission: 'content',
      is_primary: false,
      invite_pending: true,
      created_at: '2025-03-04T09:00:00.000Z',
    }),
    component('InviteClientMember', ZInviteClientMember, { email: 'sam@northwind.example', name: 'Sam Rivera', permission: 'content' }),
    component('UpdateClientMember', ZUpdateClientMember, { permission: 'billing' }),
    component('AcceptInvite', ZAcceptInviteSchema, { token: 'inv_2mW9xQ4bT7cLp0aZr8sN1vY6kJ3hF5dG9eU2iO4wB7q', password: 'a-long-passphrase' }),
    component('BillingSettings', ZBillingSettingsSchema, {
      total_revenue_this_month: 42500,
      pending_payments: 3,
      stripe_account_connected: false,
      payment_provider: 'sandbox',
      stripe_mode: null,
      publishable_key_configured: false,
      webhook_secret_configured: false,
      webhook_url: 'https://portal.example.com/api/billing/webhook/',
    }),
    component('Health', ZHealthSchema, { status: 'ok', database: 'up', version: '0.1.0', time: '2025-03-04T10:00:00.000Z' }),

    // Clients
    component('Client', ZClientSchema, client),
    component('PaginatedClients', paginated(ZClientSchema), page([client], 57, '/api/clients/')),
    component('ClientForm', ZClientFormSchema, {
      name: 'Maya Lopez',
      email: 'maya.lopez@northwind.example',
      company: 'Northwind Coffee',
      package: 'growth',
      monthly_fee: 3000,
      platforms: ['Instagram', 'TikTok'],
      status: 'active',
      payment_status: 'pending',
      account_manager_id: 2,
      next_payment: '2025-04-01',
    }),
    component('UpdateClient', ZUpdateClientSchema, { monthly_fee: 3500, package: 'professional' }),
    component('UpdatePaymentStatus', ZUpdatePaymentStatusSchema, { payment_status: 'paid' }),
    component('ClientSummary', ZClientSummarySchema, { total: 12, active: 9, monthly_revenue: 31500, overdue: 1 }),

    // Tasks
    component('Task', ZTaskSchema, task),
    component('PaginatedTasks', paginated(ZTaskSchema), page([task], 1, '/api/tasks/')),
    component('TaskForm', ZTaskFormSchema, {
      title: 'Spring campaign content calendar',
      description: 'Plan twelve posts and four reels for the March launch.',
      client: 12,
      assigned_to: 'Alex Morgan',
      assigned_to_user: 2,
      priority: 'high',
      status: 'pending',
      due_date: '2025-03-07T17:00:00.000Z',
    }),
    component('UpdateTask', ZUpdateTaskSchema, { status: 'review' }),
    component('BulkUpdateTasks', ZBulkUpdateTasksSchema, { task_ids: [31, 32, 35], status: 'completed' }),
    component('BulkDeleteTasks', ZBulkDeleteTasksSchema, { task_ids: [40, 41] }),
    component('TaskStats', ZTaskStatsSchema, {
      total: 24,
      pending: 6,
      in_progress: 7,
      review: 3,
      completed: 8,
      overdue: 2,
      high_priority: 5,
      completion_rate: 33.3,
    }),

    // Content
    component('Content', ZContentSchema, content),
    component('PaginatedContent', paginated(ZContentSchema), page([content], 1, '/api/content/')),
    component('CreateContent', ZCreateContentSchema, {
      client: 12,
      platform: 'instagram',
      content: 'Our spring blend is here: bright, floral and roasted this week. #NorthwindSpring',
      scheduled_date: '2025-03-10T15:00:00.000Z',
      image_url: 'https://cdn.northwind.example/spring-blend.jpg',
      status: 'approved',
    }),
    component('UpdateContent', ZUpdateContentSchema, { scheduled_date: '2025-03-11T15:00:00.000Z' }),
    component('RejectContent', ZRejectContentSchema, { feedback: 'Please use the new logo in the image.' }),
    component('BulkApproveContent', ZBulkApproveContentSchema, { content_ids: [88, 89], action: 'approve' }),
    component('ContentStats', ZContentStatsSchema, {
      total: 40,
      pending: 5,
      approved: 12,
      posted: 18,
      drafts: 5,
      created_last_7_days: 6,
    }),

    // Invoices
    component('Invoice', ZInvoiceSchema, invoice),
    component('PaginatedInvoices', paginated(ZInvoiceSchema), page([invoice], 1, '/api/invoices/')),
    component('OverdueInvoice', ZOverdueInvoiceSchema, overdueInvoice),
    component('InvoiceForm', ZInvoiceFormSchema, {
      client: 12,
      amount: 3000,
      due_date: '2025-03-15',
      description: 'Growth package, March 2025',
    }),
    component('InvoiceSummary', ZInvoiceSummarySchema, {
      total_revenue: 182500,
      paid_count: 61,
      pending_amount: 9000,
      pending_count: 3,
      overdue_amount: 3000,
      overdue_count: 1,
      collected_this_month: 27000,
    }),
    component('RecentPayments', ZRecentPaymentsSchema, {
      results: [
        {
          ...invoice,
          id: 221,
          invoice_number: 'INV-2025-0221',
          status: 'paid',
          paid_at: '2025-03-02T09:12:00.000Z',
          paid_via: 'card',
          payment_card: 'Visa •••• 4242',
        },
      ],
    }),
    component('OverdueInvoices', ZOverdueInvoicesSchema, { count: 1, results: [overdueInvoice] }),
    component('SendReminderResponse', ZSendReminderResponseSchema, {
      detail: 'Reminder sent to Northwind Coffee for invoice INV-2025-0198',
      reminder_sent_at: '2025-03-01T09:00:00.000Z',
    }),

    // Notifications
    component('Notification', ZNotificationSchema, notification),
    component('NotificationList', ZNotificationListSchema, { ...page([notification], 1, '/api/notifications/'), unread_count: 1 }),
    component('NotificationPreferences', ZNotificationPreferencesSchema, {
      email_invoices: true,
      email_new_clients: true,
      email_system_alerts: true,
      weekly_reports: false,
      push_notifications: true,
    }),

    // Messages and files
    component('Message', ZMessageSchema, message),
    component('PaginatedMessages', paginated(ZMessageSchema), page([message], 1, '/api/messages/')),
    component('SendMessage', ZSendMessageSchema, { receiver: 7, content: 'The calendar is ready for your review.', priority: false }),
    component('SendToAdmin', ZSendToAdminSchema, { content: 'Here is the moodboard for the spring posts.', attachment: 45 }),
    component('SendToClient', ZSendToClientSchema, { client_id: 12, content: 'Your March invoice is ready.', priority: true }),
    component('Conversation', ZConversationSchema, conversation),
    component('AdminConversations', ZAdminConversationsSchema, { conversations: [conversation] }),
    component('TeamMember', ZTeamMemberSchema, teamMember),
    component('Team', ZTeamSchema, { results: [teamMember, { id: 3, name: 'Jordan Lee', role: 'Content Strategist', status: 'away' }], online: 1 }),
    component('File', ZFileSchema, {
      ...attachment,
      file_type: 'pdf',
      client: 12,
      created_at: '2025-03-02T16:19:41.000Z',
    }),
    component('Attachment', ZAttachmentSchema, attachment),

    // Leads
    component('Lead', ZLeadSchema, lead),
    component('PaginatedLeads', paginated(ZLeadSchema), page([lead], 1, '/api/leads/')),
    component('Contact', ZContactSchema, {
      name: 'Sam Rivera',
      email: 'sam@harborbikes.example',
      company: 'Harbor Bikes',
      subject: 'TikTok growth for a bike shop',
      message: 'We want to reach riders in our city. What would a three-month plan cost?',
      inquiryType: 'sales',
    }),
    component('UpdateLead', ZUpdateLeadSchema, { status: 'contacted' }),
    component('ConvertLead', ZConvertLeadSchema, { package: 'starter', monthly_fee: 1500, platforms: ['TikTok'] }),

    // Orders
    component('Order', ZOrderSchema, order),
    component('PaginatedOrders', paginated(ZOrderSchema), page([order], 1, '/api/orders/')),
    component('OrderLine', ZOrderLineSchema, orderLine),
    component('OrderLineInput', ZOrderLineInputSchema, { package_id: 'ig-growth', quantity: 1, target: '@northwindcoffee' }),
    component('CreateOrder', ZCreateOrderSchema, {
      lines: [{ package_id: 'ig-growth', quantity: 1, target: '@northwindcoffee' }],
      promo_code: 'WELCOME20',
    }),
    component('UpdateOrderLine', ZUpdateOrderLineSchema, { status: 'completed', delivered: 5000 }),
    component('BulkUpdateOrderLines', ZBulkUpdateOrderLinesSchema, { line_ids: [91, 92], status: 'in_progress' }),
    component('ValidatePromo', ZValidatePromoSchema, { code: 'WELCOME20', subtotal: 65 }),
    component('Promo', ZPromoSchema, { code: 'WELCOME20', percent_off: 20, amount_off: null, discount: 13, valid: true }),
    component('PromoCode', ZPromoCodeSchema, promoCode),
    component('PaginatedPromoCodes', paginated(ZPromoCodeSchema), page([promoCode], 1, '/api/promo-codes/')),
    component('PromoCodeForm', ZPromoCodeFormSchema, { code: 'SPRING15', percent_off: 15, expires_at: '2025-05-31T23:59:59.000Z', max_redemptions: 100 }),
    component('UpdatePromoCode', ZUpdatePromoCodeSchema, { active: false }),

    // Content approval
    component('ContentReview', ZContentReview, {
      id: 5,
      step: 'staff',
      decision: 'approved',
      reviewer_name: 'Alex Morgan',
      via: 'app',
      feedback: null,
      created_at: '2025-03-01T09:12:00.000Z',
    }),
    component('ReviewDecision', ZReviewDecision, { decision: 'reject', feedback: 'Please use the spring photo instead.' }),
    component('ReviewLinkToken', ZReviewLinkToken, { token: 'rvw_3q2X7bLr0sE9kV1mYtN8aPzW4uJcHdGf' }),
    component('ReviewLinkDecision', ZReviewLinkDecision, { token: 'rvw_3q2X7bLr0sE9kV1mYtN8aPzW4uJcHdGf', decision: 'approve' }),
    component('ReviewLinkView', ZReviewLinkView, {
      agency_name: 'Northstar Social',
      client_name: 'Northwind Coffee',
      reviewer_name: 'Maya Lopez',
      expires_at: '2025-03-31T09:12:00.000Z',
      content: {
        id: 88,
        platform: 'instagram',
        content: 'Our spring blend is here: bright, floral and roasted this week. #NorthwindSpring',
        image_url: 'https://cdn.northwind.example/spring-blend.jpg',
        scheduled_date: '2025-03-10T15:00:00.000Z',
      },
      decided: null,
    }),
    component('ContentComment', ZContentComment, {
      id: 14,
      content: 88,
      author: 2,
      author_name: 'Alex Morgan',
      author_role: 'admin',
      body: '@Sam Lee can we swap the photo for the spring one before the client sees it?',
      visibility: 'internal',
      mentions: [{ id: 3, name: 'Sam Lee' }],
      created_at: '2025-03-01T08:40:00.000Z',
    }),
    component('CreateContentComment', ZCreateContentComment, { body: 'Looks great, approved on our side.', visibility: 'shared', mentions: [] }),
    component('Mentionable', ZMentionable, { id: 3, name: 'Sam Lee', role: 'admin' }),
    component('ContentWaiting', ZContentWaiting, {
      on_staff: { count: 4, oldest_since: '2025-02-27T11:20:00.000Z' },
      on_client: { count: 2, oldest_since: '2025-02-28T16:05:00.000Z' },
      clients: [{ client: 12, client_name: 'Northwind Coffee', step: 'client', count: 2, oldest_since: '2025-02-28T16:05:00.000Z' }],
    }),
    component('ReviewLinkSent', ZReviewLinkSent, { sent_to: 'maya.lopez@northwind.example', expires_at: '2025-03-31T09:12:00.000Z' }),

    // Intake
    component('IntakeForm', ZIntakeForm, intakeForm),
    component('PaginatedIntakeForms', paginated(ZIntakeForm), page([intakeForm], 1, '/api/intake-forms/')),
    component('IntakeSubmit', ZIntakeSubmit, {
      handle: '@northwindcoffee',
      goals: 'Grow local followers before the spring opening; more visits to the café.',
      audience: 'Coffee lovers aged 22-40 in Portland, students and remote workers.',
      competitors: ['@stumptowncoffee', '@coavacoffee'],
      assets: [340],
    }),

    // Billing
    component('BillingConfig', ZBillingConfigSchema, { provider: 'sandbox', publishable_key: null }),
    component('BillingPlan', ZBillingPlanSchema, billingPlan),
    component('BillingPlans', ZBillingPlansSchema, { results: [billingPlan] }),
    component('Subscription', ZSubscriptionSchema, subscription),
    component('ChoosePlan', ZChoosePlanSchema, { price_id: 'price_pro_monthly', plan_name: 'Pro' }),
    component('CreateSubscriptionResponse', ZCreateSubscriptionResponseSchema, {
      subscription_id: 'sub_1QxNorthwindPro',
      client_secret: 'pi_3QxNorthwindPro_secret_4c1a',
      payment_intent_id: 'pi_3QxNorthwindPro',
      status: 'incomplete',
    }),
    component('ChangePlan', ZChangePlanSchema, { price_id: 'price_premium_monthly', plan_name: 'Premium', proration_date: 1741600000 }),
    component('PlanChangePreview', ZPlanChangePreviewSchema, {
      plan: 'premium',
      plan_name: 'Premium',
      price: 400,
      proration_amount: 75,
      amount_due: 475,
      next_billing_date: '2025-04-04',
      proration_date: 1741600000,
    }),
    component('CancelSubscription', ZCancelSubscriptionSchema, { at_period_end: true }),
    component('CreatePaymentIntent', ZCreatePaymentIntentSchema, { invoice_id: 240 }),
    component('PaymentIntent', ZPaymentIntentSchema, {
      client_secret: 'pi_3QxNorthwind_secret_8f2d',
      payment_intent_id: 'pi_3QxNorthwind',
      amount: 3000,
      provider: 'sandbox',
    }),
    component('SetupIntent', ZSetupIntentSchema, {
      client_secret: 'seti_1QxNorthwind_secret_4c1a',
      setup_intent_id: 'seti_1QxNorthwind',
      provider: 'sandbox',
    }),
    component('PaymentMethod', ZPaymentMethodSchema, paymentMethod),
    component('PaymentMethods', ZPaymentMethodsSchema, { results: [paymentMethod] }),
    component('ConfirmPayment', ZConfirmPaymentSchema, {
      payment_intent_id: 'pi_3QxNorthwind',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    }),
    component('ConfirmSetup', ZConfirmSetupSchema, {
      setup_intent_id: 'seti_1QxNorthwind',
      card_number: '5555555555554444',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    }),
    component('ConfirmPaymentResponse', ZConfirmPaymentResponseSchema, {
      status: 'requires_payment_method',
      error: 'Your card was declined.',
      decline_code: 'card_declined',
    }),

    // Social accounts, metrics and analytics
    component('SocialAccount', ZSocialAccountSchema, socialAccount),
    component('SocialAccountList', ZSocialAccountListSchema, { accounts: [socialAccount] }),
    component('SocialAccountStatus', ZSocialAccountStatusSchema, {
      id: 14,
      platform: 'instagram',
      username: 'northwindcoffee',
      is_active: true,
      connected: true,
      sandbox: true,
      sync_in_progress: false,
      last_sync: '2025-03-04T06:00:00.000Z',
      last_error: null,
      token_expires_at: '2025-05-03T06:00:00.000Z',
    }),
    component('SyncAccountResponse', ZSyncAccountResponseSchema, { detail: 'Sync started', account: socialAccount }),
    component('OAuthInitiate', ZOAuthInitiateSchema, {
      oauth_url: '/api/oauth/instagram/callback/?code=sandbox-code&state=eyJjIjoxMn0.sig',
      state: 'eyJjIjoxMn0.sig',
    }),
    component('RealtimeMetric', ZRealtimeMetricSchema, realtimeMetric),
    component('RealtimeMetrics', ZRealtimeMetricsSchema, { data: [realtimeMetric] }),
    component('DashboardStats', ZDashboardStatsSchema, {
      total_revenue: 27000,
      active_clients: 9,
      pending_tasks: 16,
      overdue_payments: 1,
      revenue_change_percent: 12.5,
      active_clients_gained_this_week: 2,
    }),
    component('ClientDashboardStats', ZClientDashboardStatsSchema, {
      total_followers: 61930,
      growth_rate: 4.6,
      engagement_rate: 0.041,
      reach: 198500,
      posts_this_month: 4,
      next_payment_date: '2025-03-15',
      next_payment_amount: 3000,
      next_payment_invoice_id: 240,
    }),
    component('TopClient', ZTopClientSchema, topClient),
    component('PlatformShare', ZPlatformShareSchema, platformShare),
    component('AnalyticsOverview', ZAnalyticsOverviewSchema, {
      period: '1month',
      summary: {
        total_followers: 412300,
        total_followers_change_percent: 3.1,
        average_engagement: 0.039,
        average_engagement_change_percent: -2.4,
        total_reach: 1250000,
        total_reach_change_percent: 8.7,
        daily_growth: 410,
        daily_growth_change_percent: null,
      },
      agency_growth: { total_clients: 12, active_clients: 9, monthly_revenue: 31500 },
      task_performance: { completion_rate: 33.3, task_stats: { completed: 8, in_progress: 7, pending: 6 } },
      top_clients: [topClient],
      platform_distribution: [platformShare],
      revenue_analysis: { monthly_revenue: 31500, active_clients: 9, average_revenue_per_client: 3500, revenue_growth_percent: 6.2 },
      benchmarks: { average_engagement: 0.039, industry_engagement: 0.035, client_retention: 75, average_followers_per_client: 34358 },
    }),
    component('AccountAnalytics', ZAccountAnalyticsSchema, accountAnalytics),
    component('PlatformPerformance', ZPlatformPerformanceSchema, platformPerformance),
    component('ClientAnalyticsOverview', ZClientAnalyticsOverviewSchema, {
      period: '6months',
      summary: { total_followers: 61930, average_engagement: 0.041, monthly_reach: 198500, posts_this_month: 4 },
      monthly: [monthlyRow],
      accounts: [accountAnalytics],
      platform_performance: [platformPerformance],
    }),
    component('ClientReport', ZClientReportSchema, {
      client: { id: 12, name: 'Maya Lopez', company: 'Northwind Coffee', package: 'growth', status: 'active' },
      period: '6months',
      generated_at: '2025-03-04T10:00:00.000Z',
      summary: { followers: 61930, followers_gained: 5480, engagement_rate: 0.041, reach: 1020000, growth_rate: 9.7, posts_published: 41 },
      monthly: [monthlyRow],
      accounts: [accountAnalytics],
      content: { total: 52, drafts: 3, pending: 2, approved: 6, posted: 41 },
      invoices: { total_billed: 18000, total_paid: 15000, outstanding: 3000 },
    }),
    component('PerformanceRow', ZPerformanceRowSchema, performanceRow),
    component('MonthlyPerformanceRow', ZMonthlyPerformanceRowSchema, monthlyRow),
    component('ReportAccount', ZReportAccountSchema, reportAccount),
    component('MonthlyReport', ZMonthlyReportSchema, {
      month: '2025-02',
      client: 12,
      client_name: 'Northwind Coffee',
      generated_at: '2025-03-01T06:00:00.000Z',
      totals: { followers: 61930, followers_gained: 2290, reach: 198500, engagement: 0.041, growth_rate: 3.8, posts_published: 9 },
      content: { created: 11, approved: 10, posted: 9 },
      accounts: [reportAccount],
      clients: [],
    }),

    // Counts of bulk actions
    component('UpdatedCount', ZUpdatedCountSchema, { updated: 3 }),
    component('DeletedCount', ZDeletedCountSchema, { deleted: 2 }),

    // Enumerations
    component('Role', ZRoleSchema, 'admin'),
    component('ClientPackage', ZClientPackageSchema, 'growth'),
    component('ClientPlatform', ZClientPlatformSchema, 'Instagram'),
    component('ClientStatus', ZClientStatusSchema, 'active'),
    component('PaymentStatus', ZPaymentStatusSchema, 'paid'),
    component('TaskStatus', ZTaskStatusSchema, 'in-progress'),
    component('TaskPriority', ZTaskPrioritySchema, 'high'),
    component('ContentPlatform', ZContentPlatformSchema, 'instagram'),
    component('ContentStatus', ZContentStatusSchema, 'pending-approval'),
    component('InvoiceStatus', ZInvoiceStatusSchema, 'pending'),
    component('NotificationType', ZNotificationTypeSchema, 'info'),
    component('LeadStatus', ZLeadStatusSchema, 'new'),
    component('InquiryType', ZInquiryTypeSchema, 'sales'),
    component('PaymentProvider', ZPaymentProviderSchema, 'stripe'),
    component('BillingPlanId', ZBillingPlanIdSchema, 'pro'),
    component('SocialProvider', ZSocialProviderSchema, 'instagram'),
    component('AnalyticsPeriod', ZAnalyticsPeriodSchema, '6months'),
    component('UploadFileType', ZUploadFileTypeSchema, 'pdf'),
  ];
}
