import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { ORDER_ITEM_STATUSES, ORDER_STATUSES, PACKAGE_SERVICE_IDS } from './enums';
import { invoices } from './invoices';
import { socialAccounts } from './social';
import { inList, money, timestamps, tstz } from './helpers';
import { users } from './users';

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Stored upper-case; look it up with upper(input). */
    code: varchar('code', { length: 32 }).notNull(),
    /** Exactly one of percent_off and amount_off is set. */
    percentOff: integer('percent_off'),
    amountOff: money('amount_off'),
    firstOrderOnly: boolean('first_order_only').notNull().default(false),
    active: boolean('active').notNull().default(true),
    expiresAt: tstz('expires_at'),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_unique').on(t.code),
    check('promo_codes_code_upper_check', sql`${t.code} = upper(${t.code}) and length(${t.code}) > 0`),
    check('promo_codes_percent_off_check', sql`${t.percentOff} between 1 and 100`),
    check('promo_codes_amount_off_check', sql`${t.amountOff} > 0`),
    check('promo_codes_one_discount_check', sql`(${t.percentOff} is null) <> (${t.amountOff} is null)`),
    check(
      'promo_codes_redemptions_check',
      sql`${t.redemptions} >= 0 and (${t.maxRedemptions} is null or (${t.maxRedemptions} > 0 and ${t.redemptions} <= ${t.maxRedemptions}))`,
    ),
  ],
);

/** A visitor's cart turned into an order; prices are the server's (PACKAGE_CATALOG). */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Buyer; null only once that account has been deleted (the order record stays). */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    subtotal: money('subtotal').notNull(),
    discount: money('discount').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    total: money('total').notNull(),
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'set null' }),
    /** The paid invoice issued when the payment succeeded. */
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    ...timestamps(),
    paidAt: tstz('paid_at'),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_client_idx').on(t.clientId),
    index('orders_status_idx').on(t.status),
    index('orders_created_at_idx').on(t.createdAt),
    index('orders_invoice_idx').on(t.invoiceId),
    check('orders_status_check', inList(t.status, ORDER_STATUSES)),
    check(
      'orders_amounts_check',
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.tax} >= 0 and ${t.total} >= 0 and ${t.discount} <= ${t.subtotal}`,
    ),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packageId: varchar('package_id', { length: 64 }).notNull(),
    serviceId: varchar('service_id', { length: 32 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    lineTotal: money('line_total').notNull(),
    /** The handle or link to grow, as the buyer typed it. */
    target: varchar('target', { length: 200 }).notNull().default(''),
    // Delivery (pending until the order is paid).
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** Package size × quantity. */
    orderedAmount: integer('ordered_amount').notNull().default(0),
    /** The connected account whose snapshots measure the delivery, when the target is one. */
    socialAccountId: integer('social_account_id').references(() => socialAccounts.id, { onDelete: 'set null' }),
    startCount: integer('start_count'),
    delivered: integer('delivered').notNull().default(0),
    /** The last measured follower count (refills: it dropped below start + delivered). */
    lastCount: integer('last_count'),
    deliveryDays: integer('delivery_days').notNull().default(14),
    guaranteeDays: integer('guarantee_days').notNull().default(0),
    expectedDeliveryAt: tstz('expected_delivery_at'),
    completedAt: tstz('completed_at'),
    refillRequestedAt: tstz('refill_requested_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_status_expected_idx').on(t.status, t.expectedDeliveryAt),
    index('order_lines_social_account_idx').on(t.socialAccountId),
    check('order_lines_status_check', inList(t.status, ORDER_ITEM_STATUSES)),
    check('order_lines_delivery_check', sql`${t.delivered} >= 0 and ${t.orderedAmount} >= 0 and (${t.startCount} is null or ${t.startCount} >= 0)`),
    check('order_lines_service_check', inList(t.serviceId, PACKAGE_SERVICE_IDS)),
    check('order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('order_lines_amounts_check', sql`${t.unitPrice} >= 0 and ${t.lineTotal} >= 0`),
  ],
);
