import { z } from 'zod';
import { ZMoney } from '../common/common.schemas';
import { BILLING_PLANS, SUBSCRIPTION_STATUSES } from '../constants';
import { ZDateString, ZTimestamp, requiredText } from '../shared/shared.schemas';

type TPlanId = (typeof BILLING_PLANS)[number]['id'];
type TPriceId = (typeof BILLING_PLANS)[number]['stripePrice'];
export const BILLING_PLAN_IDS = BILLING_PLANS.map((p) => p.id) as [TPlanId, ...TPlanId[]];
export const BILLING_PRICE_IDS = BILLING_PLANS.map((p) => p.stripePrice) as [TPriceId, ...TPriceId[]];

export const ZPaymentProviderSchema = z.enum(['stripe', 'sandbox']);
export const ZBillingPlanIdSchema = z.enum(BILLING_PLAN_IDS);
export const ZBillingPriceIdSchema = z.enum(BILLING_PRICE_IDS, {
  errorMap: () => ({ message: 'Unknown plan' }),
});

export const ZBillingConfigSchema = z.object({
  provider: ZPaymentProviderSchema.describe("'stripe' when keys are configured, else the built-in 'sandbox'"),
  publishable_key: z.string().nullable().describe('Stripe publishable key; null with the sandbox'),
});
export type TBillingConfig = z.infer<typeof ZBillingConfigSchema>;

/** A client billing plan (client-and-public section 3 and 9). */
export const ZBillingPlanSchema = z.object({
  id: ZBillingPlanIdSchema,
  name: z.string(),
  price: z.number(),
  originalPrice: z.number(),
  popular: z.boolean(),
  stripePrice: ZBillingPriceIdSchema,
  features: z.array(z.string()),
});
export type TBillingPlan = z.infer<typeof ZBillingPlanSchema>;

export const ZBillingPlansSchema = z.object({ results: z.array(ZBillingPlanSchema) });
export type TBillingPlans = z.infer<typeof ZBillingPlansSchema>;

export const ZSubscriptionSchema = z.object({
  id: z.number().int(),
  plan: ZBillingPlanIdSchema,
  plan_name: z.string(),
  price: ZMoney,
  billing_cycle: z.enum(['monthly']).describe('Plans bill monthly'),
  next_billing_date: ZDateString.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  cancel_at_period_end: z.boolean(),
  features: z.array(z.string()),
  created_at: ZTimestamp,
});
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

export const ZChoosePlanSchema = z.object({
  price_id: ZBillingPriceIdSchema.describe('The stripePrice of a plan'),
  plan_name: requiredText('Plan name is required', 100),
});
export type TChoosePlan = z.infer<typeof ZChoosePlanSchema>;

export const ZCreateSubscriptionResponseSchema = z.object({
  subscription_id: z.string().describe("The provider's subscription id"),
  client_secret: z.string().describe('Confirm the first payment with it; its absence is an error on the screen'),
});
export type TCreateSubscriptionResponse = z.infer<typeof ZCreateSubscriptionResponseSchema>;

export const ZCancelSubscriptionSchema = z.object({
  at_period_end: z.boolean().default(true).describe('false cancels at once'),
});
export type TCancelSubscription = z.input<typeof ZCancelSubscriptionSchema>;

export const ZCreatePaymentIntentSchema = z
  .object({
    invoice_id: z.coerce.number().int().positive().optional(),
    order_id: z.coerce.number().int().positive().optional(),
  })
  .refine((v) => (v.invoice_id == null) !== (v.order_id == null), {
    message: 'Provide either invoice_id or order_id',
    path: ['invoice_id'],
  });
export type TCreatePaymentIntent = z.input<typeof ZCreatePaymentIntentSchema>;

export const ZPaymentIntentSchema = z.object({
  client_secret: z.string(),
  payment_intent_id: z.string(),
  amount: ZMoney.describe('What will be charged, in USD'),
});
export type TPaymentIntent = z.infer<typeof ZPaymentIntentSchema>;

export const ZPaymentMethodSchema = z.object({
  id: z.string().describe("The provider's id, e.g. pm_…"),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  is_default: z.boolean(),
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethodSchema>;

export const ZPaymentMethodsSchema = z.object({ results: z.array(ZPaymentMethodSchema) });
export type TPaymentMethods = z.infer<typeof ZPaymentMethodsSchema>;

export const ZPaymentMethodParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]{3,255}$/, 'Invalid payment method id'),
});

export const ZSetupIntentSchema = z.object({ client_secret: z.string() });
export type TSetupIntent = z.infer<typeof ZSetupIntentSchema>;

export const ZConfirmPaymentSchema = z.object({
  payment_intent_id: requiredText('payment_intent_id is required', 255),
  card_number: z
    .string()
    .regex(/^\d{12,19}$/)
    .optional()
    .describe("Sandbox only: a Stripe test card number decides the outcome (4242… succeeds, 4000000000000002 declines); never a real card"),
});
export type TConfirmPayment = z.infer<typeof ZConfirmPaymentSchema>;

export const ZConfirmPaymentResponseSchema = z.object({
  status: z
    .string()
    .describe("Provider status of the payment; only 'succeeded' counts as paid (also 'processing', 'requires_payment_method', 'failed')"),
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponseSchema>;

export const ZWebhookResponseSchema = z.object({ received: z.literal(true) });
