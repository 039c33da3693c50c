import {
  annualSavings,
  DEFAULT_CATALOGUE,
  GUARANTEE_DAYS,
  planCheckoutPath,
  plansOfPlatform,
  PRICING_PLATFORMS,
  type TCatalogPlan,
  type TPricingPlatformId,
} from '@agency/contract';
import { BarChart3, Clock, Headphones, ShieldCheck, Sparkles, Target, Users } from 'lucide-react';
import { useState } from 'react';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge, Card, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatCount } from '@/lib/format';
import { STORAGE_KEYS } from '@/lib/storage';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useHydrated } from '@/lib/use-hydrated';
import { bestAnnualSavingPercent } from './pricing-math';
import { CtaBand, PlanFeatures, FaqAccordion, IconFeatureList, PageHero, Section } from './public-parts';

type TBilling = 'monthly' | 'annual';

/** The tab the prerendered page shows, and a first visit. */
const DEFAULT_PLATFORM: TPricingPlatformId = 'instagram';

function readStoredPlatform(): TPricingPlatformId {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.pricingPlatform);
    const found = PRICING_PLATFORMS.find((p) => p.id === stored);
    return found ? found.id : DEFAULT_PLATFORM;
  } catch {
    return DEFAULT_PLATFORM;
  }
}

/** The plans of one platform, from the catalogue (what checkout and the portal sell, at the same prices). */
function platformPlans(id: TPricingPlatformId): TCatalogPlan[] {
  return plansOfPlatform(DEFAULT_CATALOGUE.plans, id);
}

function storePlatform(id: TPricingPlatformId): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.pricingPlatform, id);
  } catch {
    // Storage unavailable (private mode): the choice lasts for this visit only.
  }
}

const WHY_CHOOSE = [
  { icon: ShieldCheck, title: 'Safe and compliant', text: 'Organic, platform-compliant methods only. No bots, no fake accounts, no risk to your account.' },
  { icon: Users, title: 'Real engaged followers', text: 'Real people interested in your niche who like, comment and share.' },
  { icon: BarChart3, title: 'Detailed analytics', text: 'Track followers, reach and engagement in your dashboard, with monthly reports.' },
  { icon: Headphones, title: '24/7 support', text: 'Our team is here around the clock whenever you have a question.' },
  { icon: Target, title: 'Targeted growth', text: 'We reach the audience that fits your content, location and goals.' },
  { icon: Sparkles, title: 'Content optimization', text: 'Advice on posting times, hashtags and formats that get your content seen.' },
] as const;

const FAQ = [
  { q: 'Can I change my plan anytime?', a: 'Yes. Upgrade or downgrade from Billing in your dashboard at any time: the difference for the rest of the period is prorated, and you see it before you confirm.' },
  { q: 'Is there a setup fee?', a: 'No. There are no setup fees on any plan. You pay only the plan price shown.' },
  { q: "What if I'm not satisfied?", a: `Every plan comes with a ${GUARANTEE_DAYS}-day money-back guarantee. If you are not happy, contact us within ${GUARANTEE_DAYS} days for a full refund.` },
  { q: 'How quickly will I see results?', a: 'Most clients see results within 7-14 days, growing steadily from there.' },
  { q: 'Can I pause my subscription?', a: 'Yes. Pause it from Billing in your dashboard at any time: you are not charged while it is paused, and you resume whenever you like.' },
] as const;

function PlanCard({ plan, billing }: { plan: TCatalogPlan; billing: TBilling }) {
  const annual = billing === 'annual';
  const price = annual ? plan.annual : plan.monthly;
  const savings = annualSavings(plan);
  return (
    <Card className={cn('relative flex flex-col p-6', plan.popular && 'border-2 border-brand-600')}>
      {plan.popular && (
        <Badge tone="primary" className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-600 text-white">
          Most Popular
        </Badge>
      )}
      <div className="flex items-center gap-3">
        <PlatformIcon platform={plan.platform} />
        <h3 className="text-lg font-semibold text-fg">{plan.name}</h3>
      </div>
      <p className="mt-2 min-h-10 text-sm text-fg-muted">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-4xl font-bold text-fg tabular-nums">${formatCount(price)}</span>
        <span className="text-sm text-fg-muted">/{annual ? 'year' : 'month'}</span>
        {!annual && plan.originalMonthly !== null && plan.originalMonthly > plan.monthly && (
          <s className="ml-1 text-sm text-fg-subtle tabular-nums">
            <span className="sr-only">was </span>${formatCount(plan.originalMonthly)}
          </s>
        )}
      </p>
      {/* The line is always there so switching to annual does not move the cards. */}
      <p className="mt-1 h-5 text-sm font-medium text-success-700 tabular-nums">{annual && savings > 0 ? `Save $${formatCount(savings)}/year` : ''}</p>
      <PlanFeatures name={plan.name} features={plan.features} popular={plan.popular} to={planCheckoutPath(plan.id, billing)} />
    </Card>
  );
}

function BillingToggle({ billing, onChange, savingPercent }: { billing: TBilling; onChange: (b: TBilling) => void; savingPercent: number }) {
  const option = (value: TBilling, label: string) => (
    <button
      type="button"
      aria-pressed={billing === value}
      onClick={() => onChange(value)}
      className={cn(
        'rounded-md px-4 py-2 text-sm font-medium',
        billing === value ? 'bg-brand-600 text-white' : 'text-fg-muted hover:text-fg',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-wrap items-center justify-center gap-3">
      <div role="group" aria-label="Billing period" className="inline-flex rounded-lg border border-border bg-surface p-1">
        {option('monthly', 'Monthly')}
        {option('annual', 'Annual')}
      </div>
      {/* Space is kept for the badge so the toggle does not jump. */}
      <span className="inline-flex h-6 min-w-28 items-center" aria-live="polite">
        {billing === 'annual' && savingPercent > 0 && <Badge tone="success">{`Save up to ${savingPercent}%`}</Badge>}
      </span>
    </div>
  );
}

export default function PricingPage() {
  useDocumentTitle(
    'Pricing',
    `Monthly and annual growth plans for Instagram, TikTok and YouTube. No setup fees, cancel anytime, ${GUARANTEE_DAYS}-day money-back guarantee.`,
  );
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<TPricingPlatformId | null>(null);
  // The remembered tab applies from the render after hydration: the first must match the prerendered HTML.
  const platform = chosen ?? (hydrated ? readStoredPlatform() : DEFAULT_PLATFORM);
  const [billing, setBilling] = useState<TBilling>('monthly');

  const choosePlatform = (value: string) => {
    const found = PRICING_PLATFORMS.find((p) => p.id === value);
    if (!found) return;
    setChosen(found.id);
    storePlatform(found.id);
  };

  return (
    <>
      <PageHero
        title="Simple, transparent pricing"
        lead="Choose the plan that fits your growth goals. Monthly or annual billing, no setup fees, pause or cancel anytime."
        eyebrow={
          <Badge tone="success" className="px-3 py-1 text-sm">
            <ShieldCheck aria-hidden className="h-4 w-4" />
            {GUARANTEE_DAYS}-day money-back guarantee on all plans
          </Badge>
        }
      />

      <section aria-labelledby="plans-title" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <Tabs value={platform} onValueChange={choosePlatform}>
          <div className="flex flex-col items-center gap-6">
            <TabsList aria-label="Platform" className="justify-center">
              {PRICING_PLATFORMS.map((p) => (
                <TabsTrigger key={p.id} value={p.id} className="flex items-center gap-2 px-4 text-base">
                  <PlatformIcon platform={p.id} size="sm" />
                  {p.name}
                </TabsTrigger>
              ))}
            </TabsList>
            <BillingToggle billing={billing} onChange={setBilling} savingPercent={bestAnnualSavingPercent(platformPlans(platform))} />
          </div>
          {PRICING_PLATFORMS.map((p) => {
            const plans = platformPlans(p.id);
            return (
              <TabsContent key={p.id} value={p.id} className="pt-10">
                <div className={cn('grid gap-6 sm:grid-cols-2', plans.length >= 4 ? 'lg:grid-cols-4' : 'mx-auto max-w-5xl lg:grid-cols-3')}>
                  {plans.map((plan) => (
                    <PlanCard key={plan.name} plan={plan} billing={billing} />
                  ))}
                </div>
              </TabsContent>
            );
          })}
        </Tabs>
        <p className="mt-8 text-center text-sm text-fg-muted">
          <Clock aria-hidden className="mr-1 inline h-4 w-4 align-text-bottom" />
          Plans renew automatically each billing period. Change, pause or cancel anytime.
        </p>
      </section>

      <Section id="why-choose" title="Why choose us" tinted>
        <IconFeatureList items={WHY_CHOOSE} />
      </Section>

      <Section id="pricing-faq" title="Frequently asked questions">
        <FaqAccordion items={FAQ} />
      </Section>

      <CtaBand
        id="pricing-cta-title"
        title='Ready to grow your audience?'
        text='Start today. Results typically within 7-14 days.'
        primary={{ to: '/auth', label: 'Get Started' }}
        secondary={{ to: '/contact', label: 'Contact Sales' }}
      />
    </>
  );
}
