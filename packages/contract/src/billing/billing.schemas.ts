import { z } from 'zod';
import { ZMoney } from '../common/common.schemas';
import { SUBSCRIPTION_STATUSES } from '../constants';
import { BILLING_PLAN_IDS, BILLING_PRICE_IDS, PLAN_BILLING_CYCLES, PLAN_CATALOGUE, PRICING_PLATFORMS, planPriceId } from '../catalogue/catalogue';
import { ZDateString, ZTimestamp, requiredText } from '../shared/shared.schemas';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

export const ZPaymentProviderSchema = z.enum(['stripe', 'sandbox']);
/** A plan's id in the catalogue ('pro', 'viral-growth'). */
export const ZBillingPlanIdSchema = z.string().describe(`A plan of the catalogue: ${BILLING_PLAN_IDS.join(', ')}`);
export const ZBillingPriceIdSchema = z.enum(BILLING_PRICE_IDS, {
  errorMap: () => ({ message: 'Unknown plan' }),
});
export const ZPlanPlatformSchema = z.enum(PRICING_PLATFORMS.map((p) => p.id) as [(typeof PRICING_PLATFORMS)[number]['id'], ...(typeof PRICING_PLATFORMS)[number]['id'][]]);
export const ZPlanBillingCycleSchema = z.enum(PLAN_BILLING_CYCLES);

export const ZBillingConfigSchema = z.object({
  provider: ZPaymentProviderSchema.describe("'stripe' when keys are configured, else the built-in 'sandbox'"),
  publishable_key: z.string().nullable().describe('Stripe publishable key; null with the sandbox'),
});
export type TBillingConfig = z.infer<typeof ZBillingConfigSchema>;

/** A plan of the catalogue (client-and-public section 3 and 9), as the server prices it. */
export const ZBillingPlanSchema = z.object({
  id: ZBillingPlanIdSchema,
  platform: ZPlanPlatformSchema,
  name: z.string(),
  description: z.string(),
  price: z.number().describe('Monthly price, whole USD'),
  originalPrice: z.number().nullable().describe('The former monthly price shown struck through, or null'),
  annualPrice: z.number().describe('Price of a year paid at once, whole USD'),
  popular: z.boolean(),
  stripePrice: ZBillingPriceIdSchema.describe('The price_id of the monthly price'),
  annualStripePrice: ZBillingPriceIdSchema.describe('The price_id of the annual price'),
  features: z.array(z.string()),
});
export type TBillingPlan = z.infer<typeof ZBillingPlanSchema>;

export const ZBillingPlansSchema = z.object({ results: z.array(ZBillingPlanSchema) });
export type TBillingPlans = z.infer<typeof ZBillingPlansSchema>;

export const ZSubscriptionSchema = z.object({
  id: z.number().int(),
  plan: ZBillingPlanIdSchema,
  plan_name: z.string(),
  platform: ZPlanPlatformSchema,
  price_id: ZBillingPriceIdSchema.describe("The plan's price id for its billing cycle (what change-plan takes)"),
  provider: ZPaymentProviderSchema,
  price: ZMoney.describe('What each billing period costs'),
  billing_cycle: ZPlanBillingCycleSchema.describe('monthly, or annual (billed once a year)'),
  next_billing_date: ZDateString.nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES).describe("'past_due' after a failed renewal, until an invoice payment succeeds"),
  cancel_at_period_end: z.boolean().describe('Cancelled by the client: it stays active until next_billing_date, then ends'),
  paused_at: ZTimestamp.nullable().describe(
    'When the client paused it (nothing is charged while paused; next_billing_date is then null), or null when it runs',
  ),
  features: z.array(z.string()),
  created_at: ZTimestamp,
});
export type TSubscription = z.infer<typeof ZSubscriptionSchema>;

export const ZChoosePlanSchema = z.object({
  price_id: ZBillingPriceIdSchema.describe("A plan's stripePrice (monthly) or annualStripePrice (annual)"),
  plan_name: requiredText('Plan name is required', 100),
});
export type TChoosePlan = z.infer<typeof ZChoosePlanSchema>;

export const ZChangePlanSchema = ZChoosePlanSchema.extend({
  proration_date: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Unix seconds from preview-plan-change, so the charge matches the preview shown'),
});
export type TChangePlan = z.infer<typeof ZChangePlanSchema>;

export const ZCreateSubscriptionResponseSchema = z.object({
  subscription_id: z.string().describe("The provider's subscription id"),
  client_secret: z
    .string()
    .nullable()
    .describe('Confirm the first payment with it; null only when nothing is due (status is then active)'),
  payment_intent_id: z.string().nullable().describe('The payment the client secret confirms'),
  status: z.enum(SUBSCRIPTION_STATUSES),
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
  client_secret: z.string().describe("Confirm with Stripe.js, or with the sandbox's POST /billing/confirm-payment/"),
  payment_intent_id: z.string(),
  amount: ZMoney.describe('What will be charged, in USD'),
  provider: ZPaymentProviderSchema,
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

export const ZSetupIntentSchema = z.object({
  client_secret: z.string().describe("Confirm with Stripe.js confirmSetup, or with the sandbox's POST /billing/confirm-setup/"),
  setup_intent_id: z.string(),
  provider: ZPaymentProviderSchema,
});
export type TSetupIntent = z.infer<typeof ZSetupIntentSchema>;

/** Sandbox only: a Stripe test card typed into the sandbox's own card form; never a real card. */
const sandboxCardFields = {
  card_number: z
    .string()
    .regex(/^\d{12,19}$/, 'Your card number is incomplete.')
    .optional()
    .describe('Sandbox only: a Stripe test number decides the outcome (4242… succeeds, 4000000000000002 declines)'),
  exp_month: z.number().int().min(1).max(12).optional(),
  exp_year: z.number().int().min(0).max(2100).optional(),
  cvc: z.string().regex(/^\d{3,4}$/).optional(),
  authentication: z
    .enum(['complete', 'fail'])
    .optional()
    .describe("Sandbox only: the answer to the card's authentication step (3D Secure) after status 'requires_action'"),
};

export const ZConfirmPaymentSchema = z.object({
  payment_intent_id: requiredText('payment_intent_id is required', 255),
  ...sandboxCardFields,
});
export type TConfirmPayment = z.infer<typeof ZConfirmPaymentSchema>;

export const ZConfirmSetupSchema = z.object({
  setup_intent_id: requiredText('setup_intent_id is required', 255),
  ...sandboxCardFields,
});
export type TConfirmSetup = z.infer<typeof ZConfirmSetupSchema>;

export const INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'succeeded',
  'canceled',
] as const;

export const ZConfirmPaymentResponseSchema = z.object({
  status: z
    .enum(INTENT_STATUSES)
    .describe("The provider's status of the payment (or setup); only 'succeeded' counts as done"),
  error: z.string().nullable().describe('Why the card was refused, as Stripe.js words it (shown inline as given)'),
  decline_code: z.string().nullable(),
});
export type TConfirmPaymentResponse = z.infer<typeof ZConfirmPaymentResponseSchema>;

/** What a plan change costs, before it is made (Stripe: invoices.createPreview). */
export const ZPlanChangePreviewSchema = z.object({
  plan: ZBillingPlanIdSchema,
  plan_name: z.string(),
  price: ZMoney.describe("The new plan's price per billing period"),
  billing_cycle: ZPlanBillingCycleSchema,
  proration_amount: z
    .number()
    .multipleOf(0.01)
    .describe('Credit for the unused time of the current plan plus the new plan for the rest of the period (negative: a credit)'),
  amount_due: ZMoney.describe('What the next invoice will ask for, proration included'),
  next_billing_date: ZDateString.nullable(),
  proration_date: z.number().int().describe('Unix seconds; send it back with change-plan'),
});
export type TPlanChangePreview = z.infer<typeof ZPlanChangePreviewSchema>;

/** The id of the payment intent a client secret (`pi_…_secret_…`) belongs to. */
export function paymentIntentIdOf(clientSecret: string): string {
  const at = clientSecret.indexOf('_secret_');
  return at > 0 ? clientSecret.slice(0, at) : clientSecret;
}

export const ZWebhookResponseSchema = z.object({ received: z.literal(true) });

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function billingOpenApiSchemas() {
  // The Pro plan of the price list, as GET /api/billing/plans/ answers it.
  const pro = PLAN_CATALOGUE.find((plan) => plan.id === 'pro')!;
  const billingPlan = withExample(ZBillingPlanSchema, {
    id: pro.id,
    platform: pro.platform,
    name: pro.name,
    description: pro.description,
    price: pro.monthly,
    originalPrice: pro.originalMonthly,
    annualPrice: pro.annual,
    popular: pro.popular,
    stripePrice: planPriceId(pro.id, 'monthly'),
    annualStripePrice: planPriceId(pro.id, 'annual'),
    features: [...pro.features],
  });
  const paymentMethod = withExample(ZPaymentMethodSchema, {
    id: 'pm_1QxNorthwindVisa',
    brand: 'visa',
    last4: '4242',
    exp_month: 8,
    exp_year: 2027,
    is_default: true,
  });
  return {
    BillingConfig: withExample(ZBillingConfigSchema, { provider: 'sandbox', publishable_key: null }),
    BillingPlan: billingPlan,
    BillingPlans: withExample(ZBillingPlansSchema, { results: [billingPlan.example] }),
    Subscription: withExample(ZSubscriptionSchema, {
      id: 3,
      plan: 'pro',
      plan_name: 'Pro',
      platform: 'instagram',
      price_id: 'price_pro_monthly',
      provider: 'sandbox',
      price: 250,
      billing_cycle: 'monthly',
      next_billing_date: '2025-04-04',
      status: 'active',
      cancel_at_period_end: false,
      paused_at: null,
      features: billingPlan.example.features,
      created_at: '2025-03-04T10:05:00.000Z',
    }),
    ChoosePlan: withExample(ZChoosePlanSchema, { price_id: 'price_pro_monthly', plan_name: 'Pro' }),
    CreateSubscriptionResponse: withExample(ZCreateSubscriptionResponseSchema, {
      subscription_id: 'sub_1QxNorthwindPro',
      client_secret: 'pi_3QxNorthwindPro_secret_4c1a',
      payment_intent_id: 'pi_3QxNorthwindPro',
      status: 'incomplete',
    }),
    ChangePlan: withExample(ZChangePlanSchema, { price_id: 'price_premium_monthly', plan_name: 'Premium', proration_date: 1741600000 }),
    PlanChangePreview: withExample(ZPlanChangePreviewSchema, {
      plan: 'premium',
      plan_name: 'Premium',
      price: 400,
      billing_cycle: 'monthly',
      proration_amount: 75,
      amount_due: 475,
      next_billing_date: '2025-04-04',
      proration_date: 1741600000,
    }),
    CancelSubscription: withExample(ZCancelSubscriptionSchema, { at_period_end: true }),
    CreatePaymentIntent: withExample(ZCreatePaymentIntentSchema, { invoice_id: 240 }),
    PaymentIntent: withExample(ZPaymentIntentSchema, {
      client_secret: 'pi_3QxNorthwind_secret_8f2d',
      payment_intent_id: 'pi_3QxNorthwind',
      amount: 3000,
      provider: 'sandbox',
    }),
    SetupIntent: withExample(ZSetupIntentSchema, {
      client_secret: 'seti_1QxNorthwind_secret_4c1a',
      setup_intent_id: 'seti_1QxNorthwind',
      provider: 'sandbox',
    }),
    PaymentMethod: paymentMethod,
    PaymentMethods: withExample(ZPaymentMethodsSchema, { results: [paymentMethod.example] }),
    ConfirmPayment: withExample(ZConfirmPaymentSchema, {
      payment_intent_id: 'pi_3QxNorthwind',
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    }),
    ConfirmSetup: withExample(ZConfirmSetupSchema, {
      setup_intent_id: 'seti_1QxNorthwind',
      card_number: '5555555555554444',
      exp_month: 12,
      exp_year: 2030,
      cvc: '123',
    }),
    ConfirmPaymentResponse: withExample(ZConfirmPaymentResponseSchema, {
      status: 'requires_payment_method',
      error: 'Your card was declined.',
      decline_code: 'card_declined',
    }),
    PaymentProvider: withExample(ZPaymentProviderSchema, 'stripe'),
    BillingPlanId: withExample(ZBillingPlanIdSchema, 'pro'),
  } satisfies TOpenApiSchemas;
}
