import { LogOut, ShieldAlert } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { BrandMark } from '@/components/brand-mark';
import { Button, Card } from '@/components/ui';
import { TotpEnrolment } from '@/entities/security';
import { AUTH_ME_QUERY_KEY, useAuth } from '@/lib/auth';
import { useAgencyName } from '@/lib/brand';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * What an account sees while the agency requires two-factor authentication of accounts like it (staff, or client
 * logins) and it has none: setting it up, and signing out; nothing else (the API refuses every other route with 403
 * two_factor_enrolment_required). Once the recovery codes are saved, the user is read again and the dashboard (a
 * client's portal) opens.
 */
export default function ForcedEnrolmentPage() {
  const { user, logout } = useAuth();
  const agency = useAgencyName();
  const queryClient = useQueryClient();
  useDocumentTitle('Set up two-factor authentication');
  const done = () => void queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY });
  const why =
    user?.role === 'client'
      ? `${agency} requires two-factor authentication to sign in to your client portal. Set up an authenticator app to continue.`
      : `${agency} requires two-factor authentication for all staff. Set up an authenticator app to continue to your dashboard.`;

  return (
    <main className="flex min-h-screen flex-col items-center bg-canvas px-4 py-10">
      <BrandMark size="lg" className="mb-8" />
      <Card className="w-full max-w-lg p-6 sm:p-8">
        <div className="mb-6 flex items-start gap-3">
          <span className="rounded-lg bg-warning-50 p-2 text-warning-700">
            <ShieldAlert aria-hidden className="h-5 w-5" />
          </span>
          <div>
            <h1 className="text-xl font-semibold text-fg">Set up two-factor authentication</h1>
            <p className="mt-1 text-sm text-fg-muted">{why}</p>
          </div>
        </div>
        <TotpEnrolment onDone={done} />
      </Card>
      <div className="mt-6 flex flex-wrap items-center justify-center gap-3 text-sm text-fg-muted">
        <span>Signed in as {user?.email}</span>
        <Button variant="ghost" size="sm" onClick={() => void logout()}>
          <LogOut aria-hidden className="h-4 w-4" />
          Sign out
        </Button>
      </div>
    </main>
  );
}
