import { Home } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-600 tabular-nums">404</p>
      <h1 className="mt-4 text-2xl font-semibold text-fg">Page not found</h1>
      <p className="mt-2 text-fg-muted">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">
          <Home aria-hidden className="h-4 w-4" />
          Go Home
        </Link>
      </Button>
    </section>
  );
}
