import { ArrowLeft, Home } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/cn';

export interface PlaceholderPageProps {
  title: string;
  description: string;
  /** Meta description for the page; defaults to the description. */
  metaDescription?: string;
  children?: ReactNode;
}

/** A public page whose full content comes later: real heading, one honest line, Go Back and Go Home. */
export function PlaceholderPage({ title, description, metaDescription, children }: PlaceholderPageProps) {
  useDocumentTitle(title, metaDescription ?? description);
  return (
    <section className="mx-auto flex max-w-3xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-xl text-lg text-fg-muted">{description}</p>
      {children && <div className="mt-8 w-full">{children}</div>}
      <BackHomeButtons className="mt-10 justify-center" />
    </section>
  );
}

/** Go Back (browser history) and Go Home, kept by every placeholder and text page. */
export function BackHomeButtons({ className }: { className?: string }) {
  const navigate = useNavigate();
  return (
    <div className={cn('flex flex-wrap gap-3', className)}>
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
