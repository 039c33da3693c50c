import type { TBillingPlan, TPlanBillingCycle } from '@agency/contract';

/**
 * A catalogue plan priced for one billing period: price, price id and "was" are the cycle's. The billing flow carries
 * this (the plan chosen and how it is paid); the server prices it again from the price id.
 */
export function pricedFor(plan: TBillingPlan, cycle: TPlanBillingCycle): TBillingPlan {
  if (cycle === 'monthly') return { ...plan, price: plan.price, stripePrice: plan.stripePrice };
  return { ...plan, price: plan.annualPrice, stripePrice: plan.annualStripePrice, originalPrice: null };
}

/** The billing period a priced plan is for. */
export function cycleOf(plan: Pick<TBillingPlan, 'stripePrice' | 'annualStripePrice'>): TPlanBillingCycle {
  return plan.stripePrice === plan.annualStripePrice ? 'annual' : 'monthly';
}

/** 'month' or 'year': what one period of a priced plan is. */
export const periodOf = (plan: Pick<TBillingPlan, 'stripePrice' | 'annualStripePrice'>) => (cycleOf(plan) === 'annual' ? 'year' : 'month');
