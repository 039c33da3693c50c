import {
  DEFAULT_CATALOGUE,
  findPlanPrice,
  planMonthlyEquivalent,
  planPriceId,
  type TBillingPlan,
  type TCatalogPlan,
  type TCatalogue,
  type TPlanBillingCycle,
} from '@agency/contract';
import { AppError } from '../../core/errors';
import type { AppDeps } from '../../deps';

/**
 * THE catalogue the server sells from: every price a subscription or a plan change charges is read here, never
 * taken from the browser. Today it is the catalogue a fresh install starts with (the contract's DEFAULT_CATALOGUE);
 * an agency's own catalogue (issue 29: edited in Settings, stored per agency) is loaded here instead, and every
 * reader (plans list, checkout, subscriptions, provider events) follows.
 */
export async function loadCatalogue(_deps: AppDeps): Promise<TCatalogue> {
  return DEFAULT_CATALOGUE;
}

/** A plan at one billing cycle, as the server charges it. */
export interface PlanPrice {
  plan: TCatalogPlan;
  cycle: TPlanBillingCycle;
  /** Whole USD per billing period. */
  amount: number;
  priceId: string;
}

/** The plan and price a price id stands for, or undefined. */
export function priceOf(catalogue: TCatalogue, priceId: string | null | undefined): PlanPrice | undefined {
  const found = findPlanPrice(catalogue.plans, priceId);
  return found ? { ...found, priceId: priceId! } : undefined;
}

/** The price a client chose (a 400 naming price_id when it is not one of the catalogue's). */
export function requirePrice(catalogue: TCatalogue, priceId: string): PlanPrice {
  const price = priceOf(catalogue, priceId);
  if (!price) throw new AppError('validation_error', 'Invalid body: price_id: Unknown plan', { price_id: ['Unknown plan'] });
  return price;
}

/** What a plan costs per month on a cycle (the client record's monthly fee, revenue). */
export const monthlyEquivalent = (price: Pick<PlanPrice, 'plan' | 'cycle'>) => planMonthlyEquivalent(price.plan, price.cycle);

/** A catalogue plan as GET /billing/plans/ lists it. */
export function toBillingPlanDto(plan: TCatalogPlan): TBillingPlan {
  return {
    id: plan.id as TBillingPlan['id'],
    platform: plan.platform,
    name: plan.name,
    description: plan.description,
    price: plan.monthly,
    originalPrice: plan.originalMonthly,
    annualPrice: plan.annual,
    popular: plan.popular,
    stripePrice: planPriceId(plan.id, 'monthly'),
    annualStripePrice: planPriceId(plan.id, 'annual'),
    features: [...plan.features],
  };
}
