import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { BILLING_CYCLES, BILLING_PLAN_IDS, PAYMENT_PROVIDERS, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from './enums';
import { inList, money, timestamps, tstz } from './helpers';
import { invoices } from './invoices';
import { orders } from './commerce';

/** A client's billing plan subscription (BILLING_PLANS). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    planId: varchar('plan_id', { length: 32 }).notNull(),
    planName: varchar('plan_name', { length: 100 }).notNull(),
    price: money('price').notNull(),
    billingCycle: varchar('billing_cycle', { length: 8 }).notNull().default('monthly'),
    status: varchar('status', { length: 16 }).notNull().default('incomplete'),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerSubscriptionId: varchar('provider_subscription_id', { length: 255 }),
    currentPeriodEnd: tstz('current_period_end'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    ...timestamps(),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    index('subscriptions_client_created_idx').on(t.clientId, t.createdAt),
    index('subscriptions_status_idx').on(t.status),
    uniqueIndex('subscriptions_provider_id_unique')
      .on(t.provider, t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} is not null`),
    check('subscriptions_plan_check', inList(t.planId, BILLING_PLAN_IDS)),
    check('subscriptions_billing_cycle_check', inList(t.billingCycle, BILLING_CYCLES)),
    check('subscriptions_status_check', inList(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
    check('subscriptions_price_check', sql`${t.price} >= 0`),
  ],
);

/** Saved cards: only the provider's reference and display fields; card data never reaches us. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerPaymentMethodId: varchar('provider_payment_method_id', { length: 255 }).notNull(),
    brand: varchar('brand', { length: 32 }).notNull().default('card'),
    last4: char('last4', { length: 4 }).notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_methods_client_idx').on(t.clientId),
    uniqueIndex('payment_methods_provider_id_unique').on(t.provider, t.providerPaymentMethodId),
    uniqueIndex('payment_methods_one_default').on(t.clientId).where(sql`${t.isDefault}`),
    check('payment_methods_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
    check('payment_methods_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('payment_methods_exp_month_check', sql`${t.expMonth} between 1 and 12`),
    check('payment_methods_exp_year_check', sql`${t.expYear} between 2000 and 2100`),
  ],
);

/** One row per provider payment intent, whatever it pays (an invoice, an order or a subscription). */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    providerPaymentIntentId: varchar('provider_payment_intent_id', { length: 255 }).notNull(),
    amount: money('amount').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('usd'),
    status: varchar('status', { length: 32 }).notNull().default('requires_payment_method'),
    failureMessage: text('failure_message'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payments_intent_unique').on(t.providerPaymentIntentId),
    index('payments_client_created_idx').on(t.clientId, t.createdAt),
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_order_idx').on(t.orderId),
    index('payments_subscription_idx').on(t.subscriptionId),
    index('payments_status_idx').on(t.status),
    check('payments_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
    check('payments_status_check', inList(t.status, PAYMENT_STATUSES)),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);
