import { Menu, ShoppingCart, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui';
import { BrandMark } from '@/components/brand-mark';
import { useAuth } from '@/lib/auth';
import { useAgencyName } from '@/lib/brand';
import { useCartCount } from '@/lib/cart-store';
import { cn } from '@/lib/cn';
import { formatBadgeCount } from '@/lib/format';
import { useHydrated } from '@/lib/use-hydrated';
import { useScrollToTopOnChange } from '@/lib/use-scroll-to-top';

const MAIN_LINKS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/services/instagram', label: 'Instagram' },
  { to: '/services/tiktok', label: 'TikTok' },
  { to: '/services/youtube', label: 'YouTube' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;

interface TLink {
  to: string;
  label: string;
}

const DASHBOARD_LINK: TLink = { to: '/dashboard', label: 'Dashboard' };

/**
 * The link to the visitor's account: their dashboard once signed in, else `guest` (sign in / get started). Public
 * pages are prerendered as a guest: the session shows from the render after hydration, so the first render matches
 * the static HTML.
 */
function useAccountLink(guest: TLink): TLink {
  const { isAuthenticated } = useAuth();
  return useHydrated() && isAuthenticated ? DASHBOARD_LINK : guest;
}

function Logo() {
  return <BrandMark />;
}

function CartLink() {
  const count = useCartCount();
  return (
    <Link
      to="/cart"
      aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart'}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-md text-fg-muted hover:bg-subtle hover:text-fg"
    >
      <ShoppingCart aria-hidden className="h-5 w-5" />
      {count > 0 && (
        <span
          data-testid="cart-count"
          aria-hidden
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-600 px-1 text-[11px] font-semibold text-white tabular-nums"
        >
          {formatBadgeCount(count)}
        </span>
      )}
    </Link>
  );
}

function PublicHeader() {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const account = useAccountLink({ to: '/auth', label: 'Get Started' });
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    // Close the mobile menu after navigating.
    setLastPath(location.pathname);
    setOpen(false);
  }

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    cn('rounded-md px-3 py-2 text-sm font-medium', isActive ? 'text-brand-700' : 'text-fg-muted hover:text-fg');

  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="ml-6 hidden flex-1 items-center gap-1 lg:flex">
          {MAIN_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <CartLink />
          <div className="hidden sm:block">
            <Button asChild size="sm">
              <Link to={account.to}>{account.label}</Link>
            </Button>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            // Prerendered: before hydration the button has no handler yet, and a tap would be lost.
            disabled={!hydrated}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
          </Button>
        </div>
      </div>
      {open && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-border bg-surface px-4 py-3 lg:hidden">
          <ul className="space-y-1">
            {MAIN_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} className={({ isActive }) => cn(linkClass({ isActive }), 'block')}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Button asChild className="mt-3 w-full">
            <Link to={account.to}>{account.label}</Link>
          </Button>
        </nav>
      )}
    </header>
  );
}

const footerGroups = (account: TLink) => [
  {
    title: 'Services',
    links: [
      { to: '/services/instagram', label: 'Instagram Growth' },
      { to: '/services/tiktok', label: 'TikTok Growth' },
      { to: '/services/youtube', label: 'YouTube Growth' },
      { to: '/pricing', label: 'Pricing' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/how-it-works', label: 'How It Works' },
      { to: '/blog', label: 'Blog' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Support',
    links: [
      { to: '/faq', label: 'FAQ' },
      { to: '/cart', label: 'Cart' },
      account,
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/terms', label: 'Terms of Service' },
      { to: '/refund', label: 'Refund Policy' },
      { to: '/cookies', label: 'Cookie Policy' },
    ],
  },
];

function PublicFooter() {
  const brand = useAgencyName();
  const groups = footerGroups(useAccountLink({ to: '/auth', label: 'Sign In' }));
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:px-6 md:grid-cols-5">
        <div className="md:col-span-1">
          <Logo />
          <p className="mt-3 text-sm text-fg-muted">Organic social media growth for Instagram, TikTok and YouTube.</p>
        </div>
        {groups.map((g) => (
          <div key={g.title}>
            <h2 className="text-sm font-semibold text-fg">{g.title}</h2>
            <ul className="mt-3 space-y-2">
              {g.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-fg-muted hover:text-fg">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-border py-4 text-center text-xs text-fg-subtle">
        © {new Date().getFullYear()} {brand}. All rights reserved.
      </div>
    </footer>
  );
}

/** Shared header and footer of the public pages (client-and-public 2.1). */
export function PublicLayout() {
  // A page opened from the footer starts at its top, not at the footer's scroll position.
  useScrollToTopOnChange(useLocation().pathname);
  return (
    <div className="flex min-h-screen flex-col bg-canvas">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-3 focus:py-2">
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <PublicFooter />
    </div>
  );
}
