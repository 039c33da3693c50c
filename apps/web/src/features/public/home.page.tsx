import { GUARANTEE_DAYS } from '@agency/contract';
import { ArrowRight, BarChart3, Headphones, ShieldCheck, Sparkles, Target, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PlatformIcon } from '@/components/platform-icon';
import { Button, Card } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CtaBand, IconFeatureList, Section } from './public-parts';
import { TestimonialCarousel, type TTestimonial } from './testimonial-carousel';

const STATS = [
  { value: '10K+', label: 'Happy clients' },
  { value: '50M+', label: 'Followers gained' },
  { value: '7-14 days', label: 'To first results' },
  { value: '24/7', label: 'Support' },
] as const;

const PLATFORMS = [
  { id: 'youtube', to: '/services/youtube', name: 'YouTube', text: 'Grow subscribers and watch time with a strategy built around your channel.' },
  { id: 'tiktok', to: '/services/tiktok', name: 'TikTok', text: 'Reach more viewers and followers with content built for the For You page.' },
  { id: 'instagram', to: '/services/instagram', name: 'Instagram', text: 'Real followers, reach and engagement that last.' },
] as const;

const WHY = [
  { icon: ShieldCheck, title: 'Organic and platform-compliant', text: 'No bots and no fake accounts; nothing that puts your account at risk.' },
  { icon: Users, title: 'Real followers', text: 'Real people who care about your niche and engage with your content.' },
  { icon: BarChart3, title: 'Results within 7-14 days', text: 'Most clients see growth within two weeks, tracked in their dashboard.' },
  { icon: Target, title: 'No setup fees', text: 'Monthly billing, cancel anytime; change or pause your plan whenever you like.' },
  { icon: Headphones, title: '24/7 support', text: 'A team that answers, day and night.' },
  { icon: Sparkles, title: `${GUARANTEE_DAYS}-day money-back guarantee`, text: 'On all plans. Not happy? Get your money back.' },
] as const;

const TESTIMONIALS: readonly TTestimonial[] = [
  { name: 'Sarah Johnson', handle: '@sarahfitness', emoji: '💪', text: 'My Instagram went from 2K to 25K followers in three months, and they actually comment on my posts. Best investment I have made in my coaching business.', followers: '25K', growth: '+1,150%' },
  { name: 'Mike Chen', handle: '@mikecooks', emoji: '👨‍🍳', text: 'My TikTok recipes finally reach people who cook. The team helped with posting times and hashtags, and two videos went viral.', followers: '180K', growth: '+420%' },
  { name: 'Emma Davis', handle: '@emmacreates', emoji: '🎨', text: 'I hit YouTube monetization in seven weeks. The monthly reports show exactly what is working and what to try next.', followers: '12K', growth: '+380%' },
  { name: 'Carlos Rivera', handle: '@riveratravels', emoji: '✈️', text: 'Honest, transparent and fast. Support answered my questions at 2 am while I was on the road. Real followers, real bookings.', followers: '64K', growth: '+290%' },
];

export default function HomePage() {
  const { isAuthenticated } = useAuth();
  useDocumentTitle(
    'Social media growth for Instagram, TikTok and YouTube',
    `Grow real, engaged followers on Instagram, TikTok and YouTube with organic, platform-compliant methods. Results in 7-14 days, ${GUARANTEE_DAYS}-day money-back guarantee.`,
  );
  const startTo = isAuthenticated ? '/dashboard' : '/auth';
  return (
    <>
      <section className="border-b border-border bg-surface">
        <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <h1 className="text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">Grow your social media with a team behind you</h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg text-fg-muted">
            Real, engaged followers through organic, platform-compliant methods. Results typically within 7-14 days, with a{' '}
            {GUARANTEE_DAYS}-day money-back guarantee on all plans.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              <Link to={startTo}>
                Get Started
                <ArrowRight aria-hidden className="h-4 w-4" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="secondary">
              <Link to="/pricing">View Pricing</Link>
            </Button>
          </div>
          <dl className="mx-auto mt-12 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
            {STATS.map((s) => (
              <div key={s.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-sm text-fg-muted">{s.label}</dt>
                <dd className="text-2xl font-bold text-brand-700 tabular-nums sm:text-3xl">{s.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <Section id="platforms" title="Growth for every platform" lead="One team, one dashboard, three platforms.">
        <div className="grid gap-6 md:grid-cols-3">
          {PLATFORMS.map((p) => (
            <Card key={p.to} className="flex flex-col p-6">
              <PlatformIcon platform={p.id} size="lg" />
              <h3 className="mt-4 text-lg font-semibold text-fg">{p.name}</h3>
              <p className="mt-2 flex-1 text-sm text-fg-muted">{p.text}</p>
              <Link to={p.to} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                {p.name} growth services <ArrowRight aria-hidden className="h-3.5 w-3.5" />
              </Link>
            </Card>
          ))}
        </div>
      </Section>

      <Section id="why-choose" title="Why creators choose us" tinted>
        <IconFeatureList items={WHY} />
      </Section>

      <Section id="testimonials" title="What our clients say">
        <TestimonialCarousel items={TESTIMONIALS} />
      </Section>

      <CtaBand
        id="home-cta-title"
        title='Ready to grow?'
        text='New customers get 20% off their first order.'
        primary={{ to: startTo, label: 'Get Started' }}
        secondary={{ to: '/contact', label: 'Talk to Us' }}
      />
    </>
  );
}
