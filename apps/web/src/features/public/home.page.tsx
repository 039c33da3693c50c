import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, Card } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { useDocumentTitle } from '@/lib/use-document-title';

const PLATFORMS = [
  { to: '/services/instagram', name: 'Instagram', text: 'Followers, reach and engagement that last.' },
  { to: '/services/tiktok', name: 'TikTok', text: 'Content strategy built for the For You page.' },
  { to: '/services/youtube', name: 'YouTube', text: 'Subscribers and watch time for your channel.' },
] as const;

export default function HomePage() {
  const { isAuthenticated } = useAuth();
  useDocumentTitle('Social media growth for Instagram, TikTok and YouTube');
  return (
    <>
      <section className="mx-auto max-w-5xl px-4 py-20 text-center sm:px-6">
        <h1 className="text-4xl font-bold tracking-tight text-fg sm:text-5xl">Grow your social media with a team behind you</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-fg-muted">
          Real, engaged followers through organic, platform-compliant methods. Results typically within 7-14 days, with a
          30-day money-back guarantee on all plans.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild size="lg">
            <Link to={isAuthenticated ? '/dashboard' : '/auth'}>
              Get Started
              <ArrowRight aria-hidden className="h-4 w-4" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="secondary">
            <Link to="/pricing">View Pricing</Link>
          </Button>
        </div>
      </section>
      <section aria-labelledby="platforms" className="mx-auto max-w-5xl px-4 pb-20 sm:px-6">
        <h2 id="platforms" className="sr-only">
          Platforms
        </h2>
        <div className="grid gap-4 sm:grid-cols-3">
          {PLATFORMS.map((p) => (
            <Card key={p.to} className="p-6">
              <h3 className="text-lg font-semibold text-fg">{p.name}</h3>
              <p className="mt-2 text-sm text-fg-muted">{p.text}</p>
              <Link to={p.to} className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
                Learn more <ArrowRight aria-hidden className="h-3.5 w-3.5" />
              </Link>
            </Card>
          ))}
        </div>
      </section>
    </>
  );
}
