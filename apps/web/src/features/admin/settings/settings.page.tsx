import { useLocation, useNavigate } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui';
import { AuditLogCard } from '@/entities/audit';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { useStaffRole } from '@/lib/staff-role';
import { AgencyTab } from './components/agency-tab';
import { ApiKeysTab } from './components/api-keys-tab';
import { BillingTab } from './components/billing-tab';
import { DangerZoneTab } from './components/danger-zone-tab';
import { NotificationsTab } from './components/notifications-tab';
import { ProfileTab } from './components/profile-tab';
import { SecurityTab } from './components/security-tab';
import { TeamTab } from './components/team-tab';
import { WebhooksSection } from './components/webhooks-section';

/** `agencyWide`: the agency's payment and developer settings, which managers never reach (the API answers 403). */
const TABS = [
  { id: 'profile', label: 'Profile', agencyWide: false },
  { id: 'team', label: 'Team', agencyWide: false },
  { id: 'agency', label: 'Agency', agencyWide: true },
  { id: 'billing', label: 'Billing & Payments', agencyWide: true },
  { id: 'notifications', label: 'Notifications', agencyWide: false },
  { id: 'security', label: 'Security', agencyWide: false },
  { id: 'api-keys', label: 'API & webhooks', agencyWide: true },
  { id: 'audit', label: 'Audit log', agencyWide: true },
  { id: 'danger', label: 'Danger Zone', agencyWide: false },
] as const;
type TTab = (typeof TABS)[number]['id'];

/** The open tab lives in the URL (?tab=) so a reload keeps it; a tab this account does not have opens Profile. */
function useSettingsTab(tabs: readonly { id: TTab }[]): [TTab, (tab: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get('tab');
  const tab: TTab = tabs.some((t) => t.id === raw) ? (raw as TTab) : 'profile';
  const setTab = (next: string) => {
    const params = new URLSearchParams(location.search);
    if (next === 'profile') params.delete('tab');
    else params.set('tab', next);
    const qs = params.toString();
    navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '', hash: location.hash }, { replace: true });
  };
  return [tab, setTab];
}

/** Admin Settings (admin-and-foundations 2.11). */
export default function AdminSettingsPage() {
  const { user, isAdmin } = useAuth();
  const { seesAgencyWide } = useStaffRole();
  const tabs = TABS.filter((t) => seesAgencyWide || !t.agencyWide);
  const [tab, setTab] = useSettingsTab(tabs);
  if (!user || !isAdmin) return <AccessDenied message="You need admin privileges to access this page." />;
  return (
    <div className="space-y-4">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Settings">
          {tabs.map((t) => (
            <TabsTrigger key={t.id} value={t.id} className={t.id === 'danger' ? 'data-[state=active]:border-danger-600 data-[state=active]:text-danger-700' : undefined}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab key={user.id} user={user} />
        </TabsContent>
        <TabsContent value="team">
          <TeamTab />
        </TabsContent>
        {seesAgencyWide && (
          <TabsContent value="agency">
            <AgencyTab />
          </TabsContent>
        )}
        {seesAgencyWide && (
          <TabsContent value="billing">
            <BillingTab />
          </TabsContent>
        )}
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab user={user} />
        </TabsContent>
        {seesAgencyWide && (
          <TabsContent value="api-keys">
            <div className="space-y-10">
              <ApiKeysTab />
              <WebhooksSection />
            </div>
          </TabsContent>
        )}
        {seesAgencyWide && (
          <TabsContent value="audit">
            <AuditLogCard description="Who changed what, when and from where: people, API keys, webhooks and automatic jobs. Kept for a year." />
          </TabsContent>
        )}
        <TabsContent value="danger">
          <DangerZoneTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
