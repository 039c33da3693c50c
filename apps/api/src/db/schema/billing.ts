import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { BILLING_CYCLES, PAYMENT_PROVIDERS, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from './enums';
import { inList, money, timestamps, tstz } from './helpers';
import { invoices } from './invoices';
import { orders } from './commerce';

/**
 * A client's plan subscription. plan_id is a plan of the catalogue (billing's loadCatalogue checks it on the way in; no
 * CHECK here, so an agency's own catalogue needs no migration).
 */
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
    /** Since when the client's pause holds (the provider collects nothing while it does: Stripe's pause_collection); null: not paused. */
    pausedAt: tstz('paused_at'),
    /**
     * What the next renewal invoice will charge when it is not the price: a plan change's proration is added to it
     * (the provider's preview, recorded when the change is made). Null: the price. Cleared when a period starts.
     */
    nextInvoiceAmount: money('next_invoice_amount'),
    /** When the provider state we hold was current (the newest applied event's time): older events refetch. */
    providerSyncedAt: tstz('provider_synced_at'),
    ...timestamps(),
    cancelledAt: tstz('cancelled_at'),
  },
  (t) => [
    index('subscriptions_client_created_idx').on(t.clientId, t.createdAt),
    index('subscriptions_status_idx').on(t.status),
    uniqueIndex('subscriptions_provider_id_unique')
      .on(t.provider, t.providerSubscriptionId)
      .where(sql`${t.providerSubscriptionId} is not null`),
    check('subscriptions_billing_cycle_check', inList(t.billingCycle, BILLING_CYCLES)),
    check('subscriptions_status_check', inList(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
    check('subscriptions_price_check', sql`${t.price} >= 0`),
  ],
);

/**
 * A client's customer record at a payment provider (Stripe's cus_…, or the sandbox's). Saved cards live at the
 * provider and are listed through it; card data never reaches us.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 16 }).notNull(),
    customerId: varchar('customer_id', { length: 255 }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_customers_client_provider_unique').on(t.clientId, t.provider),
    uniqueIndex('payment_customers_customer_unique').on(t.provider, t.customerId),
    check('payment_customers_provider_check', inList(t.provider, PAYMENT_PROVIDERS)),
  ],
);

/**
 * The built-in sandbox provider's own store: what Stripe would keep on its side (customers, subscriptions,
 * invoices, payment and setup intents, cards), as JSON documents, so the sandbox behaves like a remote
 * provider and our tables only ever learn from its events.
 */
export const sandboxPaymentObjects = pgTable(
  'sandbox_payment_objects',
  {
    id: varchar('id', { length: 64 }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    customerId: varchar('customer_id', { length: 64 }),
    /** Same key → same object, as a provider's idempotency keys work. */
    idempotencyKey: varchar('idempotency_key', { length: 255 }),
    data: jsonb('data').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('sandbox_payment_objects_customer_idx').on(t.customerId, t.kind),
    index('sandbox_payment_objects_kind_idx').on(t.kind),
    uniqueIndex('sandbox_payment_objects_idempotency_unique').on(t.idempotencyKey),
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
    /** The card that paid, e.g. 'Visa •••• 4242'. */
    paymentCard: varchar('payment_card', { length: 64 }),
    refundedAmount: money('refunded_amount').notNull().default('0'),
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

/**
 * Pay Now with a saved card: each attempt to charge an invoice to a card the client saved, claimed here before the
 * provider is called. Its idempotency key is the provider's, so a double click, a second instance or a retry after a
 * crash reuses the attempt in flight and the card is charged once; a declined or failed attempt makes room for the
 * next (attempt + 1, a new key).
 */
export const savedCardCharges = pgTable(
  'saved_card_charges',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull(),
    provider: varchar('provider', { length: 16 }).notNull(),
    paymentMethodId: varchar('payment_method_id', { length: 255 }).notNull(),
    amount: money('amount').notNull(),
    /** started (claimed, provider called or about to be), requires_action, succeeded, failed. */
    status: varchar('status', { length: 24 }).notNull().default('started'),
    providerPaymentIntentId: varchar('provider_payment_intent_id', { length: 255 }),
    failureMessage: text('failure_message'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('saved_card_charges_attempt_unique').on(t.invoiceId, t.attempt),
    uniqueIndex('saved_card_charges_key_unique').on(t.idempotencyKey),
    check('saved_card_charges_status_check', inList(t.status, ['started', 'requires_action', 'succeeded', 'failed'])),
    check('saved_card_charges_amount_check', sql`${t.amount} > 0`),
  ],
);
