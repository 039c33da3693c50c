import type { TUser } from '@agency/contract';
import { formatDistance, parseISO } from 'date-fns';
import { Download, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { PasskeysSection, SessionsSection, TwoFactorSection } from '@/entities/security';
import { useExportData } from '../use-export-data';
import { ChangePasswordDialog } from './change-password-dialog';
import { TwoFactorPolicyCard } from './two-factor-policy-card';

/** 'Last changed 3 months ago' from the real date; '' when the date is unreadable. */
export function lastChangedText(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const d = parseISO(iso);
  if (Number.isNaN(d.getTime())) return '';
  // A clock a little ahead of the server's should not say "in a few seconds".
  const safe = d.getTime() > now.getTime() ? now : d;
  return `Last changed ${formatDistance(safe, now, { addSuffix: true })}`;
}

export function SecurityTab({ user }: { user: TUser }) {
  const [changing, setChanging] = useState(false);
  const { exportData, exporting } = useExportData();
  const lastChanged = lastChangedText(user.password_changed_at);
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Password</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-wrap items-center justify-between gap-4">
          <div className="flex items-center gap-3">
            <span className="rounded-lg bg-brand-50 p-2 text-brand-600">
              <KeyRound aria-hidden className="h-5 w-5" />
            </span>
            <div>
              <p className="font-medium text-fg">Account password</p>
              {lastChanged && (
                <p className="text-sm text-fg-muted" data-testid="password-last-changed">
                  {lastChanged}
                </p>
              )}
            </div>
          </div>
          <Button variant="secondary" onClick={() => setChanging(true)}>
            Change Password
          </Button>
        </CardContent>
      </Card>
      <TwoFactorSection account={user.email} />
      <PasskeysSection />
      <SessionsSection />
      <TwoFactorPolicyCard />
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Your data</CardTitle>
            <p className="mt-1 text-sm text-fg-muted">Download a copy of everything the product holds about your account.</p>
          </div>
        </CardHeader>
        <CardContent>
          <Button variant="secondary" onClick={exportData} loading={exporting}>
            {!exporting && <Download aria-hidden className="h-4 w-4" />}
            Export my personal data
          </Button>
        </CardContent>
      </Card>
      <ChangePasswordDialog open={changing} onOpenChange={setChanging} />
    </div>
  );
}
