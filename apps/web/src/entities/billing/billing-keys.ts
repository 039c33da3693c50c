/** Query keys of the billing account: the payment provider's config, plans, the subscription and saved cards. */
export const billingKeys = {
  all: ['billing'] as const,
  config: () => [...billingKeys.all, 'config'] as const,
  plans: () => [...billingKeys.all, 'plans'] as const,
  subscription: () => [...billingKeys.all, 'subscription'] as const,
  paymentMethods: () => [...billingKeys.all, 'payment-methods'] as const,
};
