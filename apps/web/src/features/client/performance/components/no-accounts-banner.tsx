import { contract } from '@agency/contract';
import { Link2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui';
import { useSocialAccounts } from '@/entities/social-accounts/api/list-social-accounts';
import { useOAuthPopup } from '@/entities/social-accounts/api/use-oauth-popup';
import { ConnectAccountDialog } from '@/entities/social-accounts/components/connect-account-dialog';
import { useClientPermission } from '@/lib/client-permission';

/**
 * Shown while no account is connected; Connect Account opens the same Connect Social Media Account dialog as the
 * Overview. When the sign-in popup closes, accounts and analytics reload (and this banner goes away). Connecting is
 * for full access: a member of the client's team without it reads who can.
 */
export function NoAccountsBanner() {
  const { canCall } = useClientPermission();
  if (canCall(contract.oauth.initiateOAuth)) return <ConnectBanner />;
  return <Banner text="Once someone with full access connects Instagram, YouTube or TikTok, your followers, engagement and reach show here." />;
}

function Banner({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <section
      aria-labelledby="no-accounts-title"
      className="flex flex-col gap-3 rounded-xl border border-info-600/30 bg-info-50 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex items-start gap-3">
        <Link2 aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-info-600" />
        <div>
          <h3 id="no-accounts-title" className="font-medium text-fg">
            No social media accounts connected
          </h3>
          <p className="text-sm text-fg-muted">{text}</p>
        </div>
      </div>
      {children}
    </section>
  );
}

function ConnectBanner() {
  const [open, setOpen] = useState(false);
  const accounts = useSocialAccounts();
  const oauth = useOAuthPopup({ onClosed: () => setOpen(false) });
  return (
    <Banner text="Connect Instagram, YouTube or TikTok to start tracking your followers, engagement and reach.">
      <Button size="sm" onClick={() => setOpen(true)}>
        Connect Account
      </Button>
      <ConnectAccountDialog open={open} onOpenChange={setOpen} accounts={accounts.data?.body.accounts ?? []} oauth={oauth} />
    </Banner>
  );
}
