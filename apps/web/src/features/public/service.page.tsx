import {
  annualSavingPercent,
  DEFAULT_CATALOGUE,
  GUARANTEE_DAYS,
  planCheckoutPath,
  plansOfPlatform,
  type TCatalogPlan,
  type TPackageServiceId,
} from '@agency/contract';
import { ArrowRight, Check, Eye, Heart, ShieldCheck, TrendingUp, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PlatformIcon } from '@/components/platform-icon';
import { Badge, Button, Card, Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { PackageCard } from '@/entities/cart/components/package-card';
import { cn } from '@/lib/cn';
import { formatUsd } from '@/lib/format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaBand, PlanFeatures, FaqAccordion, ProcessSteps, Section } from './public-parts';


interface TServiceData {
  name: 'Instagram' | 'TikTok' | 'YouTube';
  serviceId: TPackageServiceId;
  title: string;
  lead: string;
  /** The page's description; `{plans}` and `{packages}` are the lowest plan and package prices of the catalogue. */
  metaDescription: string;
  audience: string;
  dashboard: readonly { label: string; value: string; icon: typeof Users }[];
  features: readonly { title: string; text: string }[];
  results: readonly { value: string; label: string }[];
  stories: readonly { name: string; handle: string; before: string; after: string; text: string }[];
  faq: readonly { q: string; a: string }[];
}

const COMMON_FAQ_TAIL = [
  { q: 'Is my account safe?', a: 'Yes. We only use organic, platform-compliant methods: no bots, no fake accounts and no password sharing beyond what the platform allows.' },
  { q: 'Can I cancel anytime?', a: `Yes. Plans are billed monthly and renew automatically; cancel anytime. Every plan has a ${GUARANTEE_DAYS}-day money-back guarantee.` },
] as const;

const SERVICES: Record<'instagram' | 'tiktok' | 'youtube', TServiceData> = {
  instagram: {
    name: 'Instagram',
    serviceId: 'ig-followers',
    title: 'Instagram Growth Services',
    lead: 'Grow real, engaged Instagram followers with organic, platform-compliant methods. Results typically within 7-14 days.',
    metaDescription: 'Organic Instagram growth: real followers, more reach and engagement. Plans from {plans}/month and follower packages from {packages}.',
    audience: 'followers',
    dashboard: [
      { label: 'Followers gained', value: '50K+', icon: Users },
      { label: 'Engagement', value: '300%', icon: Heart },
      { label: 'Reach', value: '2M+', icon: Eye },
      { label: 'Growth rate', value: '150%', icon: TrendingUp },
    ],
    features: [
      { title: 'Organic follower growth', text: 'Real people in your niche who follow because they like your content.' },
      { title: 'Hashtag research', text: 'Hashtag sets tested for your audience and refreshed every month.' },
      { title: 'Story and reel engagement', text: 'More views on stories and reels, where Instagram decides who sees you.' },
      { title: 'Bio and profile optimization', text: 'A profile that turns visitors into followers.' },
      { title: 'Monthly reports', text: 'Followers, reach and engagement, with recommendations for the next month.' },
      { title: 'Dedicated support', text: '24/7 support from the team working on your account.' },
    ],
    results: [
      { value: '50K+', label: 'followers gained for our clients' },
      { value: '300%', label: 'average rise in engagement' },
      { value: '2M+', label: 'monthly reach' },
    ],
    stories: [
      { name: 'Sarah Johnson', handle: '@sarahfitness', before: '2K', after: '25K', text: 'Followers who comment and book sessions, not just numbers.' },
      { name: 'Lena Park', handle: '@lenabakes', before: '5K', after: '41K', text: 'My reels finally reach people who bake. Two brand deals so far.' },
      { name: 'Tom Ellis', handle: '@tomellisphoto', before: '8K', after: '36K', text: 'The hashtag research alone doubled my reach in a month.' },
    ],
    faq: [
      { q: 'How fast will my Instagram grow?', a: 'Most accounts see results within 7-14 days and grow steadily from there; how fast depends on your niche and how often you post.' },
      { q: 'Are the followers real?', a: 'Yes. We attract real people interested in your content. We never use bots or fake accounts.' },
      { q: 'Do you need my password?', a: 'No. We work through strategy, content and engagement; you stay in full control of your account.' },
      ...COMMON_FAQ_TAIL,
    ],
  },
  tiktok: {
    name: 'TikTok',
    serviceId: 'tt-followers',
    title: 'TikTok Growth Services',
    lead: 'Reach more viewers and followers on TikTok with content strategy built for the For You page and organic growth.',
    metaDescription: 'Organic TikTok growth: more views, followers and engagement. Plans from {plans}/month and follower packages from {packages}.',
    audience: 'followers',
    dashboard: [
      { label: 'Followers gained', value: '120K+', icon: Users },
      { label: 'Video views', value: '10M+', icon: Eye },
      { label: 'Engagement', value: '250%', icon: Heart },
      { label: 'Growth rate', value: '180%', icon: TrendingUp },
    ],
    features: [
      { title: 'For You page strategy', text: 'Hooks, formats and lengths that keep viewers watching.' },
      { title: 'Trending sounds and hashtags', text: 'We spot the trends that fit your niche early.' },
      { title: 'Posting-time optimization', text: 'Post when your audience is scrolling.' },
      { title: 'Organic follower growth', text: 'Real viewers who follow for more.' },
      { title: 'Monthly reports', text: 'Views, followers and engagement, with what to try next.' },
      { title: 'Dedicated support', text: '24/7 support from the team working on your account.' },
    ],
    results: [
      { value: '10M+', label: 'video views for our clients' },
      { value: '250%', label: 'average rise in engagement' },
      { value: '120K+', label: 'followers gained' },
    ],
    stories: [
      { name: 'Mike Chen', handle: '@mikecooks', before: '12K', after: '180K', text: 'Two videos went viral in the first month.' },
      { name: 'Aisha Bello', handle: '@aishadances', before: '3K', after: '64K', text: 'The trend alerts changed how I plan my week.' },
      { name: 'Jonas Berg', handle: '@jonasfixes', before: '1K', after: '22K', text: 'A repair shop on TikTok sounded odd. Now it brings us customers.' },
    ],
    faq: [
      { q: 'How fast will my TikTok grow?', a: 'Most accounts see results within 7-14 days; one well-timed video can speed that up a lot.' },
      { q: 'Are the followers real?', a: 'Yes. Real viewers who found your videos. We never use bots or fake accounts.' },
      { q: 'Do you make the videos?', a: 'You create them; we plan topics, hooks, sounds and posting times with you and tell you what works.' },
      ...COMMON_FAQ_TAIL,
    ],
  },
  youtube: {
    name: 'YouTube',
    serviceId: 'yt-subscribers',
    title: 'YouTube Growth Services',
    lead: 'Grow subscribers and watch time on YouTube with a strategy built around your channel, on the way to monetization.',
    metaDescription: 'Organic YouTube growth: subscribers and watch time toward monetization. Plans from {plans}/month and subscriber packages from {packages}.',
    audience: 'subscribers',
    dashboard: [
      { label: 'Subscribers gained', value: '30K+', icon: Users },
      { label: 'Watch hours', value: '500K+', icon: Eye },
      { label: 'Engagement', value: '200%', icon: Heart },
      { label: 'Growth rate', value: '120%', icon: TrendingUp },
    ],
    features: [
      { title: 'Organic subscriber growth', text: 'Viewers who subscribe because they want the next video.' },
      { title: 'Title and thumbnail optimization', text: 'More clicks from search and suggested videos.' },
      { title: 'Tag and keyword research', text: 'Be found for what your audience searches.' },
      { title: 'Playlist and channel strategy', text: 'Keep viewers watching from one video to the next.' },
      { title: 'Monthly reports', text: 'Subscribers, watch time and retention, with recommendations.' },
      { title: 'Dedicated support', text: '24/7 support from the team working on your channel.' },
    ],
    results: [
      { value: '30K+', label: 'subscribers gained for our clients' },
      { value: '500K+', label: 'watch hours' },
      { value: '7 weeks', label: 'fastest road to monetization' },
    ],
    stories: [
      { name: 'Emma Davis', handle: '@emmacreates', before: '900', after: '12K', text: 'Monetized in seven weeks.' },
      { name: 'Raj Patel', handle: '@rajcodes', before: '4K', after: '28K', text: 'My tutorials now show up in search, not just in my own feed.' },
      { name: 'Nora Quinn', handle: '@noraoutdoors', before: '2K', after: '15K', text: 'Better thumbnails, better titles, twice the views.' },
    ],
    faq: [
      { q: 'How fast will my channel grow?', a: 'Most channels see results within 7-14 days; watch time builds steadily as more videos are found.' },
      { q: 'Are the subscribers real?', a: 'Yes. Real viewers who chose to subscribe. We never use bots or fake accounts.' },
      { q: 'Will this help me reach monetization?', a: 'That is the goal of our Monetization package and plans: subscribers and watch time together.' },
      ...COMMON_FAQ_TAIL,
    ],
  },
};

export type TServicePlatform = keyof typeof SERVICES;

function LiveDashboard({ data }: { data: TServiceData }) {
  return (
    <Card className="p-5 text-left sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="font-semibold text-fg">Live Growth Dashboard</h2>
        <Badge tone="success">
          <TrendingUp aria-hidden className="h-3.5 w-3.5" />
          +23% this week
        </Badge>
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-4">
        {data.dashboard.map(({ label, value, icon: Icon }) => (
          <div key={label} className="rounded-lg bg-subtle p-4">
            <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
              <Icon aria-hidden className="h-4 w-4" />
              {label}
            </dt>
            <dd className="mt-1 text-2xl font-bold text-fg tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** One of this platform's plans: the monthly price (was), features, Get Started to checkout, and the annual price to buy instead. */
function ServicePlanCard({ plan }: { plan: TCatalogPlan }) {
  const saving = annualSavingPercent(plan);
  return (
    <Card className={cn('relative flex flex-col p-6', plan.popular && 'border-2 border-brand-600')}>
      {plan.popular && (
        <Badge tone="primary" className="absolute -top-3 left-1/2 -translate-x-1/2 bg-brand-600 text-white">
          Most Popular
        </Badge>
      )}
      <h3 className="text-lg font-semibold text-fg">{plan.name}</h3>
      <p className="mt-1 text-sm text-fg-muted">{plan.description}</p>
      <p className="mt-3 flex items-baseline gap-2">
        <span className="text-4xl font-bold text-fg tabular-nums">{formatUsd(plan.monthly)}</span>
        <span className="text-sm text-fg-muted">/month</span>
        {plan.originalMonthly !== null && plan.originalMonthly > plan.monthly && (
          <span className="text-sm text-fg-subtle line-through tabular-nums">
            <span className="sr-only">was </span>
            {formatUsd(plan.originalMonthly)}
          </span>
        )}
      </p>
      <PlanFeatures name={plan.name} features={plan.features} popular={plan.popular} to={planCheckoutPath(plan.id, 'monthly')} />
      <p className="mt-3 text-center text-sm text-fg-muted">
        Or{' '}
        <Link
          to={planCheckoutPath(plan.id, 'annual')}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
          aria-label={`Pay ${plan.name} annually: ${formatUsd(plan.annual)}/year`}
        >
          {formatUsd(plan.annual)}/year
        </Link>
        {saving > 0 ? ` (save ${saving}%)` : ''}
      </p>
    </Card>
  );
}

export function ServicePage({ platform }: { platform: TServicePlatform }) {
  const data = SERVICES[platform];
  const plans = plansOfPlatform(DEFAULT_CATALOGUE.plans, platform);
  const packages = DEFAULT_CATALOGUE.packages.filter((p) => p.serviceId === data.serviceId);
  const from = (prices: number[]) => formatUsd(Math.min(...prices));
  useDocumentTitle(
    data.title,
    data.metaDescription.replace('{plans}', from(plans.map((p) => p.monthly))).replace('{packages}', from(packages.map((p) => p.price))),
  );
  return (
    <>
      <section className="border-b border-border bg-surface">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:py-20">
          <div>
            <Badge tone="primary" className="px-3 py-1 text-sm">
              <PlatformIcon platform={platform} size="sm" className="bg-transparent" />
              {data.name} growth
            </Badge>
            <h1 className="mt-4 text-3xl font-bold tracking-tight text-balance text-fg sm:text-5xl">{data.title}</h1>
            <p className="mt-5 text-lg text-fg-muted">{data.lead}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to="/auth">
                  Start Growing Now
                  <ArrowRight aria-hidden className="h-4 w-4" />
                </Link>
              </Button>
              <Button asChild size="lg" variant="secondary">
                <a href="#pricing">View Pricing</a>
              </Button>
            </div>
            <p className="mt-6 flex items-center gap-2 text-sm text-fg-muted">
              <ShieldCheck aria-hidden className="h-4 w-4 text-success-600" />
              {GUARANTEE_DAYS}-day money-back guarantee · No setup fees · Cancel anytime
            </p>
          </div>
          <LiveDashboard data={data} />
        </div>
      </section>

      <section aria-labelledby="details-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="details-title" className="mb-6 text-center text-2xl font-bold tracking-tight text-fg sm:text-3xl">
          How we grow your {data.name}
        </h2>
        <Tabs defaultValue="features">
          <TabsList aria-label="Service details" className="justify-center">
            <TabsTrigger value="features">Features</TabsTrigger>
            <TabsTrigger value="process">Process</TabsTrigger>
            <TabsTrigger value="results">Results</TabsTrigger>
          </TabsList>
          {/* Fixed minimum height so switching tabs does not move the page below. */}
          <div className="min-h-[26rem] sm:min-h-80">
            <TabsContent value="features" className="pt-8">
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {data.features.map((f) => (
                  <li key={f.title} className="rounded-xl border border-border bg-surface p-5">
                    <h3 className="flex items-center gap-2 font-semibold text-fg">
                      <Check aria-hidden className="h-4 w-4 text-success-600" />
                      {f.title}
                    </h3>
                    <p className="mt-1.5 text-sm text-fg-muted">{f.text}</p>
                  </li>
                ))}
              </ul>
            </TabsContent>
            <TabsContent value="process" className="pt-8">
              <ProcessSteps />
            </TabsContent>
            <TabsContent value="results" className="pt-8">
              <dl className="grid gap-4 sm:grid-cols-3">
                {data.results.map((r) => (
                  <div key={r.label} className="flex flex-col-reverse rounded-xl border border-border bg-surface p-6 text-center">
                    <dt className="mt-1 text-sm text-fg-muted">{r.label}</dt>
                    <dd className="text-3xl font-bold text-brand-700 tabular-nums">{r.value}</dd>
                  </div>
                ))}
              </dl>
            </TabsContent>
          </div>
        </Tabs>
      </section>

      <Section id="pricing" title={`${data.name} growth plans`} lead="Billed monthly or annually, renews automatically; pause or cancel anytime." tinted>
        <div className="grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <ServicePlanCard key={plan.id} plan={plan} />
          ))}
        </div>
      </Section>

      <Section
        id="packages"
        title={`${data.name} growth packages`}
        lead={`One-off packages of real ${data.audience}, delivered gradually. Add them to your cart and check out when you are ready.`}
      >
        <div className={cn('mx-auto grid gap-6 sm:grid-cols-2', packages.length >= 3 ? 'lg:grid-cols-3' : 'max-w-3xl')}>
          {packages.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} />
          ))}
        </div>
      </Section>

      <Section id="stories" title="Success stories" tinted>
        <ul className="grid gap-6 md:grid-cols-3">
          {data.stories.map((s) => (
            <li key={s.handle}>
              <Card className="h-full p-6">
                <p className="font-semibold text-fg">{s.name}</p>
                <p className="text-sm text-fg-muted">{s.handle}</p>
                <p className="mt-4 text-sm text-fg tabular-nums">
                  <span className="font-semibold">{s.before}</span>
                  <ArrowRight aria-label="to" className="mx-1.5 inline h-4 w-4 text-fg-subtle" />
                  <span className="font-semibold text-success-700">{s.after}</span> {data.audience}
                </p>
                <p className="mt-3 text-sm text-fg-muted">“{s.text}”</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="service-faq" title="Frequently asked questions">
        <FaqAccordion items={data.faq} single />
      </Section>

      <CtaBand
        id="service-cta-title"
        title={`Ready to grow your ${data.name}?`}
        text={`Results typically within 7-14 days. ${GUARANTEE_DAYS}-day money-back guarantee.`}
        primary={{ to: '/auth', label: 'Start Growing Now' }}
        secondary={{ to: '/contact', label: 'Get Custom Quote' }}
      />
    </>
  );
}

export function InstagramServicePage() {
  return <ServicePage platform="instagram" />;
}
export function TikTokServicePage() {
  return <ServicePage platform="tiktok" />;
}
export function YouTubeServicePage() {
  return <ServicePage platform="youtube" />;
}
