import { CLIENT_PERMISSION_LABELS } from '@agency/contract';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, Menu, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Avatar, Button } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { useClientPermission } from '@/lib/client-permission';
import { BrandMark } from '@/components/brand-mark';
import { cn } from '@/lib/cn';
import { displayName } from '@/lib/format';
import { NotificationBellSlot } from '@/features/notifications/components/notification-bell';
import { EmailVerificationBanner } from '@/features/account';
import type { TNavItem } from './nav';
import { ReadOnlyBanner } from './read-only-banner';

export interface DashboardShellProps {
  items: readonly TNavItem[];
  activeId: string | null;
  title: string;
  children: ReactNode;
}

function SidebarNav({ items, activeId, onNavigate }: { items: readonly TNavItem[]; activeId: string | null; onNavigate?: () => void }) {
  return (
    <nav aria-label="Dashboard" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {items.map((item) => {
          const active = item.id === activeId;
          const Icon = item.icon;
          return (
            <li key={item.id}>
              <Link
                to={{ hash: item.id }}
                onClick={onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  active ? 'bg-brand-50 text-brand-700' : 'text-fg-muted hover:bg-subtle hover:text-fg',
                )}
              >
                <Icon aria-hidden className="h-4 w-4 shrink-0" />
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function SidebarBrand() {
  return <BrandMark className="h-16 shrink-0 border-b border-border px-6" />;
}

/**
 * Signed-in layout (admin-and-foundations 2.2): fixed sidebar from 1024 px, a slide-in drawer with
 * an overlay below; header with the section title, the notification bell slot, the user and Sign Out.
 */
export function DashboardShell({ items, activeId, title, children }: DashboardShellProps) {
  const { user, logout } = useAuth();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const name = displayName(user);
  const { permission } = useClientPermission();
  // A member of a client's team with a narrower permission reads it under their name ("Client · Content only").
  const role = user?.role === 'admin' ? 'Admin' : permission && permission !== 'full' ? `Client · ${CLIENT_PERMISSION_LABELS[permission]}` : 'Client';

  const signOut = async () => {
    setSigningOut(true);
    await logout();
  };

  return (
    <div className="min-h-screen bg-canvas">
      {/* Fixed sidebar, ≥ 1024 px */}
      <aside
        data-testid="sidebar"
        className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-border bg-surface lg:flex"
      >
        <SidebarBrand />
        <SidebarNav items={items} activeId={activeId} />
      </aside>

      {/* Slide-in drawer with overlay, < 1024 px */}
      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay data-testid="drawer-overlay" className="fixed inset-0 z-40 bg-inverse/50 lg:hidden" />
          <DialogPrimitive.Content
            data-testid="sidebar-drawer"
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-overlay lg:hidden"
          >
            <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
            <div className="relative">
              <SidebarBrand />
              <DialogPrimitive.Close asChild>
                <Button variant="ghost" size="icon" aria-label="Close menu" className="absolute top-3 right-2">
                  <X aria-hidden className="h-5 w-5" />
                </Button>
              </DialogPrimitive.Close>
            </div>
            <SidebarNav items={items} activeId={activeId} onNavigate={() => setDrawerOpen(false)} />
            <div className="flex items-center gap-3 border-t border-border px-5 py-4">
              <Avatar name={name} src={user?.avatar ?? null} size="sm" />
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-fg">{name}</p>
                <p className="truncate text-xs text-fg-muted">
                  {role}
                  {user?.company ? ` · ${user.company}` : ''}
                </p>
              </div>
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-border bg-surface/95 px-4 backdrop-blur sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden className="h-5 w-5" />
          </Button>
          <h1 className="min-w-0 flex-1 truncate text-lg font-semibold text-fg">{title}</h1>
          <NotificationBellSlot />
          <div className="flex items-center gap-3">
            {/* The name and avatar open the user's own Settings (profile, password, notifications). */}
            <Link to={{ hash: 'settings' }} title="Settings" className="flex min-w-0 items-center gap-3 rounded-md p-1 hover:bg-subtle">
              <span className="sr-only">Settings, </span>
              <span aria-hidden>
                <Avatar name={name} src={user?.avatar ?? null} size="sm" />
              </span>
              {/* On a phone only the photo shows: the link still says whose settings. */}
              <span className="sr-only sm:hidden">{name}</span>
              <div className="hidden min-w-0 text-right sm:block">
                <p className="truncate text-sm font-medium text-fg" data-testid="user-name">
                  {name}
                </p>
                <p className="truncate text-xs text-fg-muted">
                  {role}
                  {user?.company ? ` · ${user.company}` : ''}
                </p>
              </div>
            </Link>
            <Button variant="secondary" size="sm" onClick={signOut} loading={signingOut}>
              {!signingOut && <LogOut aria-hidden className="h-4 w-4" />}
              <span className="max-sm:sr-only">Sign Out</span>
            </Button>
          </div>
        </header>
        <main className="px-4 py-6 sm:px-6 lg:px-8">
          <ReadOnlyBanner />
          <EmailVerificationBanner />
          {children}
        </main>
      </div>
    </div>
  );
}
