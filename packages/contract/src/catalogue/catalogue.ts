import { PACKAGE_CATALOG, type TCatalogPackage } from '../constants';

/*
 * THE catalogue: the growth plans (per platform, billed monthly or annually) and the one-off growth packages.
 * /pricing, the service pages, the client's plan picker and the server's prices all read it; nothing else states a
 * plan's name or price.
 *
 * One catalogue, not two tiers: every plan belongs to one platform, has one name and one monthly and one annual
 * price, and can be bought at that price from every page that shows it. The spec's two price tables are merged:
 * Instagram's plans are the portal's Starter / Pro / Premium ($100 / $250 / $400, which the spec's Instagram page
 * already sold); TikTok's and YouTube's are /pricing's (Viral … and Creator …). The spec's other Instagram table
 * ($29–$299, whose "Pro" was $129) is gone: a plan name has one price.
 *
 * DEFAULT_CATALOGUE is what a fresh install sells. The API reads the catalogue through one function of its catalogue
 * module (loadCatalogue), so an agency's own catalogue (issue 29) replaces the source there, not the readers.
 */

export const PRICING_PLATFORMS = [
  { id: 'instagram', name: 'Instagram' },
  { id: 'tiktok', name: 'TikTok' },
  { id: 'youtube', name: 'YouTube' },
] as const;
export type TPricingPlatformId = (typeof PRICING_PLATFORMS)[number]['id'];

export const PLAN_BILLING_CYCLES = ['monthly', 'annual'] as const;
export type TPlanBillingCycle = (typeof PLAN_BILLING_CYCLES)[number];

/** A plan of the catalogue. Prices are whole USD. */
export interface TCatalogPlan {
  /** Stable id ('pro', 'viral-growth'): what subscriptions record. */
  id: string;
  platform: TPricingPlatformId;
  name: string;
  description: string;
  monthly: number;
  annual: number;
  /** The former monthly price shown struck through ("was"), or null. */
  originalMonthly: number | null;
  popular: boolean;
  features: readonly string[];
}

export interface TCatalogue {
  plans: readonly TCatalogPlan[];
  packages: readonly TCatalogPackage[];
}

/** The plans a fresh install sells (see the note at the top of this file). */
export const PLAN_CATALOGUE = [
  {
    id: 'starter',
    platform: 'instagram',
    name: 'Starter',
    description: 'For accounts that want a steady posting rhythm.',
    monthly: 100,
    annual: 999,
    originalMonthly: 150,
    popular: false,
    features: ['12 posts', '12 interactive stories', 'Hashtag research', 'Monthly reports'],
  },
  {
    id: 'pro',
    platform: 'instagram',
    name: 'Pro',
    description: 'For creators and brands ready to grow faster.',
    monthly: 250,
    annual: 2499,
    originalMonthly: 350,
    popular: true,
    features: [
      '20 posts plus reels',
      'Monthly promotional areas',
      'Boost strategies',
      'Bio optimization',
      'Report plus recommendations',
      'Story engagement boost',
      'Aggressive boosting',
    ],
  },
  {
    id: 'premium',
    platform: 'instagram',
    name: 'Premium',
    description: 'Full management, with Facebook and TikTok included.',
    monthly: 400,
    annual: 3999,
    originalMonthly: 600,
    popular: false,
    features: ['Instagram plus Facebook plus TikTok', '30 posts', 'Advertising on a budget', 'Influencer outreach assistance', 'Full management'],
  },
  {
    id: 'viral-starter',
    platform: 'tiktok',
    name: 'Viral Starter',
    description: 'Get your first videos seen.',
    monthly: 39,
    annual: 399,
    originalMonthly: null,
    popular: false,
    features: ['Organic follower growth', 'Trending sound and hashtag research', 'Weekly progress report', 'Email support'],
  },
  {
    id: 'viral-growth',
    platform: 'tiktok',
    name: 'Viral Growth',
    description: 'Built for the For You page.',
    monthly: 79,
    annual: 799,
    originalMonthly: null,
    popular: true,
    features: ['Everything in Viral Starter', 'Targeted audience growth', 'Posting-time optimization', 'Detailed analytics', '24/7 support'],
  },
  {
    id: 'viral-pro',
    platform: 'tiktok',
    name: 'Viral Pro',
    description: 'For creators and brands going all in.',
    monthly: 149,
    annual: 1499,
    originalMonthly: null,
    popular: false,
    features: ['Everything in Viral Growth', 'Content optimization', 'Creator collaboration outreach', 'Dedicated growth manager'],
  },
  {
    id: 'creator-starter',
    platform: 'youtube',
    name: 'Creator Starter',
    description: 'Grow a new channel the right way.',
    monthly: 49,
    annual: 499,
    originalMonthly: null,
    popular: false,
    features: ['Organic subscriber growth', 'Title and tag research', 'Weekly progress report', 'Email support'],
  },
  {
    id: 'creator-growth',
    platform: 'youtube',
    name: 'Creator Growth',
    description: 'Subscribers and watch time together.',
    monthly: 99,
    annual: 999,
    originalMonthly: null,
    popular: true,
    features: ['Everything in Creator Starter', 'Targeted audience growth', 'Thumbnail and title optimization', 'Detailed analytics', '24/7 support'],
  },
  {
    id: 'creator-pro',
    platform: 'youtube',
    name: 'Creator Pro',
    description: 'For channels heading to monetization.',
    monthly: 199,
    annual: 1999,
    originalMonthly: null,
    popular: false,
    features: ['Everything in Creator Growth', 'Content optimization', 'Playlist and channel strategy', 'Dedicated growth manager'],
  },
] as const satisfies readonly TCatalogPlan[];

export type TBillingPlanId = (typeof PLAN_CATALOGUE)[number]['id'];
export const BILLING_PLAN_IDS = PLAN_CATALOGUE.map((p) => p.id) as [TBillingPlanId, ...TBillingPlanId[]];

export const DEFAULT_CATALOGUE: TCatalogue = { plans: PLAN_CATALOGUE, packages: PACKAGE_CATALOG };

/** The price id of a plan and billing cycle: the provider's lookup key ('price_pro_monthly', 'price_viral_growth_annual'). */
export function planPriceId(planId: string, cycle: TPlanBillingCycle): string {
  return `price_${planId.replace(/-/g, '_')}_${cycle}`;
}

/** Every price id of the default catalogue (what the contract accepts as price_id). */
export const BILLING_PRICE_IDS = PLAN_CATALOGUE.flatMap((p) => PLAN_BILLING_CYCLES.map((cycle) => planPriceId(p.id, cycle))) as [string, ...string[]];

/** What one billing period of a plan costs. */
export function planPrice(plan: Pick<TCatalogPlan, 'monthly' | 'annual'>, cycle: TPlanBillingCycle): number {
  return cycle === 'annual' ? plan.annual : plan.monthly;
}

/** A plan's price per month for a cycle, to the cent (an annual price spread over twelve months). */
export function planMonthlyEquivalent(plan: Pick<TCatalogPlan, 'monthly' | 'annual'>, cycle: TPlanBillingCycle): number {
  return cycle === 'annual' ? Math.round((plan.annual / 12) * 100) / 100 : plan.monthly;
}

export function findPlan<P extends Pick<TCatalogPlan, 'id'>>(plans: readonly P[], planId: string): P | undefined {
  return plans.find((p) => p.id === planId);
}

export function plansOfPlatform<P extends Pick<TCatalogPlan, 'platform'>>(plans: readonly P[], platform: TPricingPlatformId): P[] {
  return plans.filter((p) => p.platform === platform);
}

/** The plan, billing cycle and amount a price id stands for, or null when it is none of the catalogue's. */
export function findPlanPrice<P extends TCatalogPlan>(
  plans: readonly P[],
  priceId: string | null | undefined,
): { plan: P; cycle: TPlanBillingCycle; amount: number } | null {
  if (!priceId) return null;
  for (const plan of plans) {
    for (const cycle of PLAN_BILLING_CYCLES) {
      if (planPriceId(plan.id, cycle) === priceId) return { plan, cycle, amount: planPrice(plan, cycle) };
    }
  }
  return null;
}

/** A billing cycle read from a URL or a form ('annual' or anything else → monthly). */
export function parseBillingCycle(value: unknown): TPlanBillingCycle {
  return value === 'annual' ? 'annual' : 'monthly';
}

/**
 * What paying a plan annually saves against twelve monthly payments, in whole percent (never below 0). The one rule
 * for every "Save N%": a fixed figure drifts from the prices.
 */
export function annualSavingPercent(plan: { monthly: number; annual: number }): number {
  return Math.max(0, Math.round((1 - plan.annual / (12 * plan.monthly)) * 100));
}

/** What a year on the annual price saves against twelve monthly payments, in dollars (never below 0). */
export function annualSavings(plan: { monthly: number; annual: number }): number {
  return Math.max(0, 12 * plan.monthly - plan.annual);
}

/**
 * Where a plan's Get Started leads: checkout with the plan and cycle chosen (path and query only: nothing secret,
 * and it survives sign-up and sign-in as the return path).
 */
export function planCheckoutPath(planId: string, cycle: TPlanBillingCycle): string {
  return `/checkout?plan=${encodeURIComponent(planId)}&billing=${cycle}`;
}
