import { z } from 'zod';
import { ZMoney, ZPaginationQuery, ordering } from '../common/common.schemas';
import { ORDER_STATUSES, PACKAGE_CATALOG, PACKAGE_SERVICE_IDS, TAX_RATE } from '../constants';
import { ZTimestamp } from '../shared/shared.schemas';

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
  percent_off: z.number().min(0).max(100),
  discount: ZMoney.describe('subtotal × percent_off, rounded to cents; the order recomputes it'),
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
  package_id: z.string(),
  name: z.string(),
  service_id: z.enum(PACKAGE_SERVICE_IDS),
  quantity: z.number().int(),
  unit_price: ZMoney,
  line_total: ZMoney,
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
  client_secret: z
    .string()
    .nullable()
    .describe('Payment intent secret to confirm in the browser; only on create and while pending, else null'),
});
export type TOrder = z.infer<typeof ZOrderSchema>;

export const ZOrderListQuery = ZPaginationQuery.extend({
  status: z.enum(ORDER_STATUSES).optional(),
  ordering: ordering(['created_at', 'total'], '-created_at'),
});
export type TOrderListQuery = z.input<typeof ZOrderListQuery>;
