import { ArrowLeft, ChevronDown, Home } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui';
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
  const navigate = useNavigate();
  return (
    <div className="mt-12 flex flex-wrap gap-3 border-t border-border pt-8">
      <Button variant="secondary" onClick={() => navigate(-1)}>
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Go Back
      </Button>
      <Button asChild>
        <Link to="/">
          <Home aria-hidden className="h-4 w-4" />
          Go Home
        </Link>
      </Button>
    </div>
  );
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
