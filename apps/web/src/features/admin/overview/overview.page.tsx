import { useAuth } from '@/lib/auth';
import { displayName } from '@/lib/format';
import { AccessDenied } from '@/layout/access-denied';
import { SectionPlaceholder } from '@/layout/section-placeholder';

export default function AdminOverviewPage() {
  const { user, isAdmin } = useAuth();
  if (!isAdmin) {
    return <AccessDenied title="Access Denied - You need admin privileges to access this page." />;
  }
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-fg">Welcome back, {displayName(user)}</h2>
        <p className="mt-1 text-sm text-fg-muted">Here is what is happening across your agency.</p>
      </div>
      <SectionPlaceholder name="Your agency overview" />
    </div>
  );
}
