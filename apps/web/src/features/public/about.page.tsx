import { GUARANTEE_DAYS } from '@agency/contract';
import { Heart, ShieldCheck, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card } from '@/components/ui';
import { useAgencyName } from '@/lib/brand';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageHero, Section } from './public-parts';

const VALUES = [
  { icon: ShieldCheck, title: 'Honest growth', text: 'Organic, platform-compliant methods only. No bots, no fake accounts, nothing that risks your account.' },
  { icon: Users, title: 'Real people', text: 'We grow audiences of real people who care about what you make.' },
  { icon: Heart, title: 'On your side', text: `24/7 support, plans you can change or pause at any time, and a ${GUARANTEE_DAYS}-day money-back guarantee.` },
] as const;

const STATS = [
  { value: '10K+', label: 'Clients helped' },
  { value: '50M+', label: 'Followers gained' },
  { value: '3', label: 'Platforms' },
  { value: '24/7', label: 'Support' },
] as const;

export default function AboutPage() {
  const brand = useAgencyName();
  useDocumentTitle(
    'About Us',
    `${brand} is a social media growth agency helping creators and businesses grow real, engaged audiences on Instagram, TikTok and YouTube.`,
  );
  return (
    <>
      <PageHero
        title="About Us"
        lead="We are a social media growth agency helping creators and businesses grow real, engaged audiences."
      />
      <Section id="story" title="Our story">
        <div className="mx-auto max-w-3xl space-y-4 text-fg-muted">
          <p>
            {brand} started with a simple idea: growing on social media should not mean buying fake numbers. Creators and
            businesses deserve audiences that watch, comment and buy.
          </p>
          <p>
            Today our team of strategists and community managers works on Instagram, TikTok and YouTube accounts of every size,
            from first-time creators to established brands, with one dashboard that shows exactly what we do and what it brings.
          </p>
        </div>
        <dl className="mx-auto mt-10 grid max-w-3xl grid-cols-2 gap-6 sm:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="flex flex-col-reverse text-center">
              <dt className="mt-1 text-sm text-fg-muted">{s.label}</dt>
              <dd className="text-3xl font-bold text-brand-700 tabular-nums">{s.value}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <Section id="values" title="What we stand for" tinted>
        <div className="grid gap-6 md:grid-cols-3">
          {VALUES.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="p-6">
              <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="h-5 w-5" />
              </span>
              <h3 className="mt-4 font-semibold text-fg">{title}</h3>
              <p className="mt-1.5 text-sm text-fg-muted">{text}</p>
            </Card>
          ))}
        </div>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/auth">Get Started</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/contact">Contact Us</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
