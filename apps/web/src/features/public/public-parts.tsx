import { BarChart3, Check, ChevronDown, Rocket, Search, Target } from 'lucide-react';
import { useId, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button } from '@/components/ui';
import { BackHomeButtons } from '@/layout/placeholder-page';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The top band of a public page: the page's one h1, a lead line and optional actions. */
export function PageHero({ eyebrow, title, lead, children }: { eyebrow?: ReactNode; title: ReactNode; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="border-b border-border bg-surface">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6 sm:py-20">
        {eyebrow && <div className="mb-4 flex justify-center">{eyebrow}</div>}
        <h1 className="text-3xl font-bold tracking-tight text-balance text-fg sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-fg-muted">{lead}</p>
        {children && <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>}
      </div>
    </section>
  );
}

/** A page section with an h2 (its id labels the section). */
export function Section({
  id,
  title,
  lead,
  children,
  className,
  tinted,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  className?: string;
  tinted?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('scroll-mt-20', tinted && 'border-y border-border bg-surface')}>
      <div className={cn('mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-16', className)}>
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">
            {title}
          </h2>
          {lead && <p className="mt-3 text-fg-muted">{lead}</p>}
        </div>
        {children}
      </div>
    </section>
  );
}

export interface TFaqItem {
  q: string;
  a: ReactNode;
}

/**
 * Question-and-answer accordion: each question is a button (aria-expanded, aria-controls) in an h3. With `single`
 * only one answer is open at a time.
 */
export function FaqAccordion({ items, single = false }: { items: readonly TFaqItem[]; single?: boolean }) {
  const base = useId();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (i: number) =>
    setOpen((prev) => {
      if (prev.has(i)) {
        const next = new Set(prev);
        next.delete(i);
        return next;
      }
      return single ? new Set([i]) : new Set(prev).add(i);
    });
  return (
    <div className="mx-auto max-w-3xl divide-y divide-border rounded-xl border border-border bg-surface">
      {items.map((item, i) => {
        const isOpen = open.has(i);
        const buttonId = `${base}-q${i}`;
        const panelId = `${base}-a${i}`;
        return (
          <div key={item.q}>
            <h3>
              <button
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => toggle(i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-medium text-fg hover:bg-subtle"
              >
                {item.q}
                <ChevronDown aria-hidden className={cn('h-5 w-5 shrink-0 text-fg-subtle transition-transform', isOpen && 'rotate-180')} />
              </button>
            </h3>
            <div id={panelId} role="region" aria-labelledby={buttonId} hidden={!isOpen} className="px-5 pb-5 text-fg-muted">
              {item.a}
            </div>
          </div>
        );
      })}
    </div>
  );
}

/** A long-form text page (legal pages, About): readable measure, h2 per part. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl px-4 pt-4 pb-0 sm:px-6 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-fg [&_li]:mt-1.5 [&_p]:mt-4 [&_p]:text-fg-muted [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ul]:text-fg-muted">
      {children}
    </div>
  );
}

/** Go Back and Go Home, at the foot of the text pages. */
export function BackHomeLinks() {
  return <BackHomeButtons className="mt-12 border-t border-border pt-8" />;
}

/** A text page (legal pages): the h1, when it last changed, the text, then Go Back and Go Home. */
export function DocumentPage({ title, metaDescription, updated, children }: { title: string; metaDescription: string; updated: string; children: ReactNode }) {
  useDocumentTitle(title, metaDescription);
  return (
    <article>
      <header className="border-b border-border bg-surface">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-fg-muted">Last updated {updated}</p>
        </div>
      </header>
      <Prose>{children}</Prose>
      <div className="mx-auto max-w-3xl px-4 pb-16 sm:px-6">
        <BackHomeLinks />
      </div>
    </article>
  );
}

/** The brand-coloured call to action that closes a marketing page: a heading, one line and two links. */
export function CtaBand({
  id,
  title,
  text,
  primary,
  secondary,
}: {
  id: string;
  title: ReactNode;
  text: ReactNode;
  primary: { to: string; label: string };
  secondary: { to: string; label: string };
}) {
  return (
    <section aria-labelledby={id} className="bg-brand-700">
      <div className="mx-auto max-w-4xl px-4 py-14 text-center sm:px-6">
        <h2 id={id} className="text-2xl font-bold text-white sm:text-3xl">
          {title}
        </h2>
        <p className="mt-3 text-brand-50">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" variant="secondary">
            <Link to={primary.to}>{primary.label}</Link>
          </Button>
          <Button asChild size="lg" variant="ghost" className="border border-white/60 text-white hover:bg-white/10 hover:text-white">
            <Link to={secondary.to}>{secondary.label}</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}

export interface TIconFeature {
  icon: ComponentType<{ className?: string }>;
  title: string;
  text: string;
}

/** Reasons or features with an icon each, in a responsive grid (why-choose blocks). */
export function IconFeatureList({ items }: { items: readonly TIconFeature[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4">
          <span aria-hidden className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon className="h-5 w-5" />
          </span>
          <div>
            <h3 className="font-semibold text-fg">{title}</h3>
            <p className="mt-1 text-sm text-fg-muted">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The four steps of the growth process with their durations (client-and-public 2.10). */
export const PROCESS = [
  { icon: Search, title: 'Account Analysis', duration: '1-2 days', text: 'We review your profile, content, audience and competitors to find where growth will come from.' },
  { icon: Target, title: 'Strategy Development', duration: '2-3 days', text: 'A growth plan for your niche: target audience, content themes, posting times and hashtags.' },
  { icon: Rocket, title: 'Growth Implementation', duration: 'ongoing', text: 'Our team puts the plan to work every day with organic, platform-compliant methods.' },
  { icon: BarChart3, title: 'Monitor and Optimize', duration: 'weekly', text: 'We track the numbers every week and adjust what works, with a report every month.' },
] as const;

/** The growth process as numbered cards. */
export function ProcessSteps({ cardClassName = 'bg-surface p-5' }: { cardClassName?: string }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {PROCESS.map(({ icon: Icon, title, duration, text }, i) => (
        <li key={title} className={cn('rounded-xl border border-border', cardClassName)}>
          <div className="flex items-center justify-between">
            <span aria-hidden className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="h-5 w-5" />
            </span>
            <Badge>{duration}</Badge>
          </div>
          <h3 className="mt-4 font-semibold text-fg">
            <span className="sr-only">Step {i + 1}: </span>
            {title}
          </h3>
          <p className="mt-1.5 text-sm text-fg-muted">{text}</p>
        </li>
      ))}
    </ol>
  );
}

/** A plan card's feature list and its Get Started link (pricing and service pages). */
/** A plan's features and its Get Started, which leads to checkout with the plan chosen (`to`). */
export function PlanFeatures({ name, features, popular, to }: { name: string; features: readonly string[]; popular: boolean; to: string }) {
  return (
    <>
      <ul className="mt-5 flex-1 space-y-2.5 text-sm">
        {features.map((f) => (
          <li key={f} className="flex gap-2 text-fg">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success-600" />
            {f}
          </li>
        ))}
      </ul>
      <Button asChild className="mt-6 w-full" variant={popular ? 'primary' : 'secondary'}>
        <Link to={to} aria-label={`Get Started with ${name}`}>
          Get Started
        </Link>
      </Button>
    </>
  );
}
