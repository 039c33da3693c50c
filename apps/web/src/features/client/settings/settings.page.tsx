import { contract } from '@agency/contract';
import { Card, CardContent, CardHeader, CardTitle, PageIntro } from '@/components/ui';
import { ChangeEmailForm, ChangePasswordForm } from '@/entities/account';
import { AuditLogCard } from '@/entities/audit';
import { PasskeysSection, SessionsSection, TwoFactorSection } from '@/entities/security';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { useClientPermission } from '@/lib/client-permission';
import { BillingDetailsCard } from './components/billing-details-card';
import { NotificationKindsCard } from './components/notification-kinds-card';
import { ProfileCard } from './components/profile-card';

/**
 * #settings of the client portal, opened from the header's name: the person's profile and photo, password,
 * notifications per kind, the client's billing details (full access and billing members), security, and the account's
 * audit log (full access). Every person
 * of a client's team has it, with what applies to them.
 */
export default function ClientSettingsPage() {
  const { user } = useAuth();
  const { canCall } = useClientPermission();
  if (user?.role !== 'client') return <AccessDenied message="This page is only available for client accounts." />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageIntro description="Your profile, password, notifications and security." />
      <ProfileCard
        user={user}
        emailSlot={
          <div className="space-y-3">
            <div>
              <p className="text-sm font-medium text-fg">E-mail</p>
              <p className="text-sm break-all text-fg-muted">{user.email}</p>
            </div>
            <ChangeEmailForm currentEmail={user.email} />
          </div>
        }
      />
      <Card>
        <CardHeader>
          <div>
            <CardTitle>Password</CardTitle>
            <p className="mt-1 text-sm text-fg-muted">Changing it signs you out on your other devices.</p>
          </div>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <NotificationKindsCard />
      {canCall(contract.clients.getMyBillingDetails) && <BillingDetailsCard />}
      <section aria-labelledby="settings-security" className="space-y-4">
        <h2 id="settings-security" className="text-base font-semibold text-fg">
          Security
        </h2>
        <TwoFactorSection account={user.email} />
        <PasskeysSection />
        <SessionsSection />
      </section>
      {canCall(contract.audit.listAuditLog) && (
        <AuditLogCard showClient={false} description="What your team and the agency changed on your account: content, invoices, payments, plan and team. Kept for a year." />
      )}
    </div>
  );
}
