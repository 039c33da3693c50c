import { GUARANTEE_DAYS } from '@agency/contract';
import { CreditCard, MessageSquare, UserPlus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card } from '@/components/ui';
import { useDocumentTitle } from '@/lib/use-document-title';
import { PageHero, ProcessSteps, Section } from './public-parts';

const GETTING_STARTED = [
  { icon: CreditCard, title: 'Choose a plan or package', text: 'Pick a monthly plan or a one-off growth package for Instagram, TikTok or YouTube.' },
  { icon: UserPlus, title: 'Create your account', text: 'Sign up and connect the social accounts you want to grow. No setup fees.' },
  { icon: MessageSquare, title: 'Meet your team', text: 'Tell us about your goals and audience; message the team from your dashboard anytime.' },
] as const;


export default function HowItWorksPage() {
  useDocumentTitle(
    'How It Works',
    'From account analysis to weekly optimization: how our team grows your Instagram, TikTok and YouTube with organic methods, results in 7-14 days.',
  );
  return (
    <>
      <PageHero
        title="How It Works"
        lead="We analyse your account, build a growth strategy, implement it with our team and report on results every month."
      />
      <Section id="getting-started" title="Getting started takes minutes">
        <ol className="grid gap-6 md:grid-cols-3">
          {GETTING_STARTED.map(({ icon: Icon, title, text }, i) => (
            <li key={title}>
              <Card className="h-full p-6">
                <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon className="h-5 w-5" />
                </span>
                <h3 className="mt-4 font-semibold text-fg">
                  {i + 1}. {title}
                </h3>
                <p className="mt-1.5 text-sm text-fg-muted">{text}</p>
              </Card>
            </li>
          ))}
        </ol>
      </Section>
      <Section id="process" title="Our growth process" lead="Four steps, repeated every month." tinted>
        <ProcessSteps cardClassName="bg-canvas p-6" />
      </Section>
      <Section id="what-to-expect" title="What to expect">
        <ul className="mx-auto grid max-w-4xl gap-4 sm:grid-cols-2">
          {[
            'Results typically within 7-14 days',
            'Real followers through organic, platform-compliant methods',
            'A dashboard with your growth, content and messages',
            'Monthly billing, auto-renew, cancel anytime',
            'Change or pause your plan at any time',
            `${GUARANTEE_DAYS}-day money-back guarantee on all plans`,
          ].map((t) => (
            <li key={t} className="rounded-lg border border-border bg-surface px-4 py-3 text-sm font-medium text-fg">
              {t}
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/auth">Get Started</Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      </Section>
    </>
  );
}
