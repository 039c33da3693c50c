import type { TClientSection } from '@agency/contract';
import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { FullScreenSpinner, Skeleton, SkeletonGroup } from '@/components/ui';
import { DashboardShell } from '@/layout/dashboard-shell';
import { NotificationsProvider } from '@/features/notifications/notifications-provider';
import { ForcedEnrolmentPage } from '@/features/security';
import { navFor, resolveSection } from '@/layout/nav';
import { useAuth } from '@/lib/auth';
import { useClientPermission } from '@/lib/client-permission';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useScrollToTopOnChange } from '@/lib/use-scroll-to-top';
import { RedirectToSignIn } from './guards';
import { ADMIN_SECTIONS, CLIENT_SECTIONS, type TSection } from './sections';

function SectionSkeleton() {
  return (
    <SkeletonGroup label="Loading section" className="space-y-4">
      <Skeleton className="h-8 w-56" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <Skeleton className="h-64" />
    </SkeletonGroup>
  );
}

/**
 * /dashboard: one screen, section chosen by the URL hash; unknown hash → overview. A client user's sections are the
 * ones its permission reaches: a hash to another one opens the overview, as an unknown hash does.
 */
export default function DashboardPage() {
  const { user, isInitializing } = useAuth();
  const { reaches } = useClientPermission();
  const { hash } = useLocation();
  const items = navFor(user?.role, reaches);
  const { section, activeItem } = resolveSection(hash, items);
  const title = activeItem?.label ?? 'Dashboard';
  useDocumentTitle(title);
  // Each section starts at the top (on a phone the drawer would otherwise keep the last section's scroll).
  useScrollToTopOnChange(hash);

  if (isInitializing) return <FullScreenSpinner />;
  if (!user) return <RedirectToSignIn />;
  // The agency requires a second factor and this staff account has none: setting it up is all it can do.
  if (user.two_factor_enrolment_required) return <ForcedEnrolmentPage />;

  const sections: Partial<Record<string, TSection>> = user.role === 'admin' ? ADMIN_SECTIONS : CLIENT_SECTIONS;
  // Sections reachable by hash without a menu item (#notifications from the bell); other unknown hashes, and a
  // client's sections its permission does not reach, → overview.
  const hashId = hash.replace(/^#/, '').trim();
  const reachable = user.role === 'admin' || reaches(hashId as TClientSection);
  const key = !activeItem && Object.hasOwn(sections, hashId) && reachable ? hashId : section;
  const Section = sections[key] ?? sections.overview!;

  return (
    <NotificationsProvider>
      <DashboardShell items={items} activeId={activeItem?.id ?? null} title={title}>
        <Suspense fallback={<SectionSkeleton />}>
          <Section key={key} />
        </Suspense>
      </DashboardShell>
    </NotificationsProvider>
  );
}
