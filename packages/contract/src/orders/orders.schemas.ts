import { z } from 'zod';
import { ZId, ZIsoDateTime, ZMoney, ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import { ORDER_ITEM_STATUSES, ORDER_STATUSES, PACKAGE_CATALOG, PACKAGE_SERVICE_IDS, TAX_RATE } from '../constants';
import { ZTimestamp } from '../shared/shared.schemas';
import { INTAKE_STATUSES } from '../intake/intake.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

export const ORDER_MAX_LINES = 20;
export const ORDER_MAX_QUANTITY = 100;
export const PACKAGE_IDS = PACKAGE_CATALOG.map((p) => p.id) as [string, ...string[]];

const promoCode = z
  .string({ required_error: 'Enter a promo code' })
  .trim()
  .min(1, 'Enter a promo code')
  .max(50)
  .transform((v) => v.toUpperCase());

export const ZValidatePromoSchema = z.object({
  code: promoCode,
  subtotal: z.coerce.number().nonnegative().max(9_999_999_999.99).describe('Cart subtotal in USD, to compute the discount'),
});
export type TValidatePromo = z.input<typeof ZValidatePromoSchema>;

/** A valid code. An unknown code is a 404, an expired / used-up / not-eligible one a 400 (ZErrorSchema, detail says why). */
export const ZPromoSchema = z.object({
  code: z.string(),
  percent_off: z.number().min(0).max(100).nullable().describe('Percent off the subtotal, or null for a fixed amount'),
  amount_off: ZMoney.nullable().describe('Fixed USD off the subtotal, or null for a percentage'),
  discount: ZMoney.describe('The discount on this subtotal, rounded to cents; the order recomputes it'),
  valid: z.literal(true),
});
export type TPromo = z.infer<typeof ZPromoSchema>;

export const ZOrderLineInputSchema = z.object({
  package_id: z.enum(PACKAGE_IDS, { errorMap: () => ({ message: 'Unknown package' }) }),
  quantity: z.coerce
    .number()
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(ORDER_MAX_QUANTITY, `Quantity must be at most ${ORDER_MAX_QUANTITY}`),
  target: z
    .string({ required_error: 'Enter the account to grow' })
    .trim()
    .min(1, 'Enter the account to grow')
    .max(200, 'Use at most 200 characters')
    .describe('The handle or profile link to grow (e.g. @yourbrand)'),
});

/** The cart sent for checkout; prices are never taken from the browser. */
export const ZCreateOrderSchema = z.object({
  lines: z
    .array(ZOrderLineInputSchema)
    .min(1, 'Your cart is empty')
    .max(ORDER_MAX_LINES, `At most ${ORDER_MAX_LINES} lines per order`),
  promo_code: promoCode.optional(),
});
export type TCreateOrder = z.input<typeof ZCreateOrderSchema>;

export const ZOrderLineSchema = z.object({
  id: z.number().int(),
  package_id: z.string(),
  name: z.string(),
  service_id: z.enum(PACKAGE_SERVICE_IDS),
  quantity: z.number().int(),
  unit_price: ZMoney,
  line_total: ZMoney,
  target: z.string(),
  // Delivery of the line once paid (null figures: not known yet).
  status: z.enum(ORDER_ITEM_STATUSES),
  ordered_amount: z.number().int().describe('Followers or subscribers ordered: package size × quantity'),
  start_count: z.number().int().nullable(),
  delivered: z.number().int(),
  remains: z.number().int(),
  measured: z.boolean().describe('Figures come from the connected account\'s snapshots, not from staff'),
  expected_delivery_at: ZTimestamp.nullable(),
  overdue: z.boolean(),
  completed_at: ZTimestamp.nullable(),
  guarantee_until: ZTimestamp.nullable(),
  refill_available: z.boolean().describe('Guarantee running and the measured count has dropped'),
  refill_requested_at: ZTimestamp.nullable(),
});
export type TOrderLine = z.infer<typeof ZOrderLineSchema>;

export const ZOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(ZOrderLineSchema),
  subtotal: ZMoney,
  discount: ZMoney,
  tax: ZMoney.describe(`${TAX_RATE * 100}% of (subtotal - discount)`),
  total: ZMoney,
  promo_code: z.string().nullable(),
  created_at: ZTimestamp,
  paid_at: ZTimestamp.nullable(),
  client: z.number().int().nullable(),
  client_name: z.string().nullable(),
  invoice: z.number().int().nullable().describe('The paid invoice, once paid'),
  invoice_number: z.string().nullable(),
  payment_error: z.string().nullable().describe('Why the last payment attempt failed, if it did'),
  intake: z
    .object({ id: z.number().int(), status: z.enum(INTAKE_STATUSES) })
    .nullable()
    .describe('The intake form the paid order asks for; delivery starts once it is sent or skipped'),
});
export type TOrder = z.infer<typeof ZOrderSchema>;

export const ZOrderListQuery = ZPaginationQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  delivery: z.enum(ORDER_ITEM_STATUSES).optional().describe('Orders with a line in this delivery status'),
  overdue: z.enum(['true', 'false']).optional().describe('Orders with an overdue line'),
  intake: z.enum(INTAKE_STATUSES).optional().describe('Paid orders whose intake form is in this state'),
  client: z.coerce.number().int().positive().optional(),
  search: z.string().trim().max(100).optional().describe('Order number, client name or target handle'),
  ordering: ordering(['created_at', 'total'], '-created_at'),
});

/** Staff update of one order line's delivery (figures only where the account is not measured). */
export const ZUpdateOrderLineSchema = z
  .object({
    status: z.enum(ORDER_ITEM_STATUSES).optional(),
    start_count: z.coerce.number().int().min(0).max(2_000_000_000).nullable().optional(),
    delivered: z.coerce.number().int().min(0).max(2_000_000_000).optional(),
  })
  .refine((v) => v.status !== undefined || v.start_count !== undefined || v.delivered !== undefined, {
    message: 'Nothing to update',
  });
export type TUpdateOrderLine = z.input<typeof ZUpdateOrderLineSchema>;

export const ZBulkUpdateOrderLinesSchema = z.object({
  line_ids: z.array(ZId).min(1, 'Select at least one line').max(200),
  status: z.enum(ORDER_ITEM_STATUSES),
});
export type TBulkUpdateOrderLines = z.input<typeof ZBulkUpdateOrderLinesSchema>;

// Promo codes (admin)
export const ZPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  percent_off: z.number().int().nullable(),
  amount_off: ZMoney.nullable(),
  first_order_only: z.boolean(),
  active: z.boolean(),
  expires_at: ZTimestamp.nullable(),
  max_redemptions: z.number().int().nullable(),
  redemptions: z.number().int(),
  created_at: ZTimestamp,
});
export type TPromoCode = z.infer<typeof ZPromoCodeSchema>;

const promoFields = {
  code: z
    .string({ required_error: 'Enter a code' })
    .trim()
    .min(3, 'Use 3 to 32 letters, digits, - or _')
    .max(32, 'Use 3 to 32 letters, digits, - or _')
    .regex(/^[A-Za-z0-9_-]+$/, 'Use 3 to 32 letters, digits, - or _')
    .transform((v) => v.toUpperCase()),
  percent_off: z.coerce.number().int('Use a whole percent').min(1, 'Between 1 and 100').max(100, 'Between 1 and 100').nullable().optional(),
  amount_off: z.coerce.number().multipleOf(0.01, 'Use cents at most').min(0.01, 'Enter an amount above 0').max(100_000).nullable().optional(),
  first_order_only: z.boolean().optional(),
  active: z.boolean().optional(),
  expires_at: ZIsoDateTime.nullable().optional(),
  max_redemptions: z.coerce.number().int().min(1, 'At least 1').max(1_000_000).nullable().optional(),
};

export const ZPromoCodeFormSchema = z
  .object(promoFields)
  .refine((v) => (v.percent_off == null) !== (v.amount_off == null), {
    message: 'Give either a percent or an amount off',
    path: ['percent_off'],
  });
export type TPromoCodeForm = z.input<typeof ZPromoCodeFormSchema>;

export const ZUpdatePromoCodeSchema = z
  .object({
    active: promoFields.active,
    expires_at: promoFields.expires_at,
    max_redemptions: promoFields.max_redemptions,
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type TUpdatePromoCode = z.input<typeof ZUpdatePromoCodeSchema>;

export const ZPromoCodeListQuery = ZPaginationQuery.extend({
  search: z.string().trim().max(50).optional(),
  ordering: ordering(['created_at', 'code', 'redemptions'], '-created_at'),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function ordersOpenApiSchemas() {
  const orderLine = withExample(ZOrderLineSchema, {
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
  });
  const order = withExample(ZOrderSchema, {
    id: 57,
    status: 'succeeded',
    lines: [orderLine.example],
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
  });
  const lineInput = withExample(ZOrderLineInputSchema, { package_id: 'ig-growth', quantity: 1, target: '@northwindcoffee' });
  const promoCode = withExample(ZPromoCodeSchema, {
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
  });
  return {
    Order: order,
    PaginatedOrders: withExample(paginated(ZOrderSchema), examplePage([order.example], 1, '/api/orders/')),
    OrderLine: orderLine,
    OrderLineInput: lineInput,
    CreateOrder: withExample(ZCreateOrderSchema, { lines: [lineInput.example], promo_code: 'WELCOME20' }),
    UpdateOrderLine: withExample(ZUpdateOrderLineSchema, { status: 'completed', delivered: 5000 }),
    BulkUpdateOrderLines: withExample(ZBulkUpdateOrderLinesSchema, { line_ids: [91, 92], status: 'in_progress' }),
    ValidatePromo: withExample(ZValidatePromoSchema, { code: 'WELCOME20', subtotal: 65 }),
    Promo: withExample(ZPromoSchema, { code: 'WELCOME20', percent_off: 20, amount_off: null, discount: 13, valid: true }),
    PromoCode: promoCode,
    PaginatedPromoCodes: withExample(paginated(ZPromoCodeSchema), examplePage([promoCode.example], 1, '/api/promo-codes/')),
    PromoCodeForm: withExample(ZPromoCodeFormSchema, {
      code: 'SPRING15',
      percent_off: 15,
      expires_at: '2025-05-31T23:59:59.000Z',
      max_redemptions: 100,
    }),
    UpdatePromoCode: withExample(ZUpdatePromoCodeSchema, { active: false }),
  } satisfies TOpenApiSchemas;
}
