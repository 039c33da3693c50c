import { DEFAULT_CATALOGUE, GUARANTEE_DAYS } from '@agency/contract';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui';
import { useDocumentTitle } from '@/lib/use-document-title';
import { bestAnnualSavingPercent } from './pricing-math';
import { BackHomeLinks, FaqAccordion, PageHero, Section } from './public-parts';

const GROUPS = [
  {
    id: 'faq-plans',
    title: 'Plans and billing',
    items: [
      { q: 'How does billing work?', a: `Plans are billed monthly or annually and auto-renew until you cancel. Annual plans are billed once a year and save up to ${bestAnnualSavingPercent(DEFAULT_CATALOGUE.plans)}%.` },
      { q: 'Is there a setup fee?', a: 'No. There are no setup fees on any plan.' },
      { q: 'Can I change or pause my plan?', a: 'Yes, at any time, from Billing in your dashboard. A plan change is prorated for the rest of the period; while your plan is paused you are not charged, and it resumes when you say.' },
      { q: 'Can I cancel anytime?', a: 'Yes. Your plan stays active until the end of the period you paid for and is not renewed.' },
      { q: 'Is there a discount for new customers?', a: 'Yes. New customers get 20% off their first order.' },
    ],
  },
  {
    id: 'faq-results',
    title: 'Results and safety',
    items: [
      { q: 'How quickly will I see results?', a: 'Results typically show within 7-14 days and keep growing from there.' },
      { q: 'Are the followers real?', a: 'Yes. We use organic, platform-compliant methods to reach real people. No bots, no fake accounts.' },
      { q: 'Is my account safe?', a: 'Yes. Everything we do follows the platforms’ rules.' },
    ],
  },
  {
    id: 'faq-refunds',
    title: 'Refunds and support',
    items: [
      { q: "What if I'm not satisfied?", a: `Every plan has a ${GUARANTEE_DAYS}-day money-back guarantee. See the Refund Policy for how to ask.` },
      { q: 'How fast do you answer?', a: 'Support is 24/7. Sales within 4 hours, support within 24 hours, critical issues within 2 hours, partnerships within 48 hours.' },
    ],
  },
] as const;

export default function FaqPage() {
  useDocumentTitle(
    'Frequently Asked Questions',
    `Answers about plans, billing, results, pausing and refunds: monthly billing, cancel anytime, results in 7-14 days, ${GUARANTEE_DAYS}-day money-back guarantee.`,
  );
  return (
    <>
      <PageHero title="Frequently Asked Questions" lead="Answers about plans, results, pausing and refunds." />
      {GROUPS.map((g) => (
        <Section key={g.id} id={g.id} title={g.title} className="py-10 sm:py-12">
          <FaqAccordion items={g.items} />
        </Section>
      ))}
      <div className="mx-auto max-w-3xl px-4 pb-16 text-center sm:px-6">
        <p className="text-fg-muted">Still have a question?</p>
        <Button asChild className="mt-4">
          <Link to="/contact">Contact Us</Link>
        </Button>
        <BackHomeLinks />
      </div>
    </>
  );
}
