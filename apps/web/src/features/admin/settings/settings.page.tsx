import { useLocation, useNavigate } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger} from '@/components/ui';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { ApiKeysTab } from './components/api-keys-tab';
import { BillingTab } from './components/billing-tab';
import { DangerZoneTab } from './components/danger-zone-tab';
import { NotificationsTab } from './components/notifications-tab';
import { ProfileTab } from './components/profile-tab';
import { SecurityTab } from './components/security-tab';
import { WebhooksSection } from './components/webhooks-section';

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'billing', label: 'Billing & Payments' },
  { id: 'notifications', label: 'Notifications' },
  { id: 'security', label: 'Security' },
  { id: 'api-keys', label: 'API & webhooks' },
  { id: 'danger', label: 'Danger Zone' },
] as const;
type TTab = (typeof TABS)[number]['id'];

/** The open tab lives in the URL (?tab=) so a reload keeps it. */
function useSettingsTab(): [TTab, (tab: string) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const raw = new URLSearchParams(location.search).get('tab');
  const tab: TTab = TABS.some((t) => t.id === raw) ? (raw as TTab) : 'profile';
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
  const [tab, setTab] = useSettingsTab();
  if (!user || !isAdmin) return <AccessDenied message="You need admin privileges to access this page." />;
  return (
    <div className="space-y-4">
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Settings">
          {TABS.map((t) => (
            <TabsTrigger key={t.id} value={t.id} className={t.id === 'danger' ? 'data-[state=active]:border-danger-600 data-[state=active]:text-danger-700' : undefined}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab key={user.id} user={user} />
        </TabsContent>
        <TabsContent value="billing">
          <BillingTab />
        </TabsContent>
        <TabsContent value="notifications">
          <NotificationsTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab user={user} />
        </TabsContent>
        <TabsContent value="api-keys">
          <div className="space-y-10">
            <ApiKeysTab />
            <WebhooksSection />
          </div>
        </TabsContent>
        <TabsContent value="danger">
          <DangerZoneTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
