import { contract, type TIntakeForm, type TSocialAccount } from '@agency/contract';
import { AlertTriangle, Link2, MessageSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui';
import { ClientContentDialog, type TClientContentDialogMode } from '@/entities/content/components/client-content-dialog';
import { IntakeFormDialog } from '@/entities/intake/components/intake-form-dialog';
import { useSocialAccounts } from '@/entities/social-accounts/api/list-social-accounts';
import { useOAuthPopup } from '@/entities/social-accounts/api/use-oauth-popup';
import { ConnectAccountDialog } from '@/entities/social-accounts/components/connect-account-dialog';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { useClientPermission } from '@/lib/client-permission';
import { cn } from '@/lib/cn';
import { displayName } from '@/lib/format';
import { useRefreshOverview } from './api/overview.queries';
import { ConnectedAccounts } from './components/connected-accounts';
import { IntakeCard } from './components/intake-card';
import { NextPaymentBanner } from './components/next-payment-banner';
import { PaymentHistoryCard } from './components/payment-history';
import { PerformanceOverview } from './components/performance-overview';
import { QuickActions } from './components/quick-actions';
import { RecentContent } from './components/recent-content';
import { RecentMessages } from './components/recent-messages';
import { SendMessageDialog } from './components/send-message-dialog';
import { ClientStatCards } from './components/stat-cards';

export default function ClientOverviewPage() {
  const { user } = useAuth();
  if (user?.role !== 'client') {
    return <AccessDenied message="This page is only available for client accounts." />;
  }
  const firstName = user.first_name || displayName(user).split(' ')[0];
  return <ClientOverview firstName={firstName ?? ''} />;
}

/**
 * Client Dashboard (client-and-public 2.4). A member of the client's team sees what its permission reaches: no
 * payment parts without billing, no content parts without content, and connecting accounts is for full access
 * (the API refuses the rest; nothing here asks it for them).
 */
function ClientOverview({ firstName }: { firstName: string }) {
  const { reaches, canCall } = useClientPermission();
  const showContent = reaches('content');
  const showBilling = reaches('billing');
  const canConnect = canCall(contract.oauth.initiateOAuth);
  const refresh = useRefreshOverview();
  const [refreshing, setRefreshing] = useState(false);
  const [connectOpen, setConnectOpen] = useState(false);
  const [messageOpen, setMessageOpen] = useState(false);
  const [contentDialog, setContentDialog] = useState<TClientContentDialogMode | null>(null);
  const [intakeForm, setIntakeForm] = useState<TIntakeForm | null>(null);
  const accountsQuery = useSocialAccounts();
  const accounts = accountsQuery.data?.body.accounts ?? [];
  // The popup outlives the dialog; when it closes the accounts reload and the dialog closes.
  const oauth = useOAuthPopup({ onClosed: () => setConnectOpen(false) });

  const reconnect = (account: TSocialAccount) => {
    setConnectOpen(true);
    oauth.connect(account.platform);
  };

  return (
    <div className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-2xl font-semibold text-fg">Welcome back, {firstName}</h2>
          <p className="mt-1 text-sm text-fg-muted">Your growth at a glance.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            loading={refreshing}
            onClick={() => {
              setRefreshing(true);
              void refresh().finally(() => setRefreshing(false));
            }}
          >
            {!refreshing && <RefreshCw aria-hidden className="h-4 w-4" />}
            Refresh
          </Button>
          <Button variant="secondary" onClick={() => setMessageOpen(true)}>
            <MessageSquare aria-hidden className="h-4 w-4" />
            Contact Team
          </Button>
          {canConnect && (
            <Button onClick={() => setConnectOpen(true)}>
              <Link2 aria-hidden className="h-4 w-4" />
              Connect Account
            </Button>
          )}
        </div>
      </div>

      <IntakeCard onFill={setIntakeForm} />

      {accountsQuery.isSuccess && accounts.length === 0 && (
        <section
          role="status"
          aria-labelledby="no-accounts-title"
          className="flex flex-col gap-3 rounded-xl border border-warning-600/30 bg-warning-50 p-4 sm:flex-row sm:items-center"
        >
          <AlertTriangle aria-hidden className="h-5 w-5 shrink-0 text-warning-600" />
          <div className="min-w-0 flex-1">
            <h3 id="no-accounts-title" className="text-sm font-semibold text-fg">
              No social accounts connected
            </h3>
            <p className="text-sm text-fg-muted">
              {canConnect
                ? 'Connect your Instagram, YouTube or TikTok account so we can track your growth and report on it.'
                : 'Once someone with full access connects your Instagram, YouTube or TikTok account, your growth shows here.'}
            </p>
          </div>
          {canConnect && (
            <Button size="sm" onClick={() => setConnectOpen(true)} className="self-start sm:self-auto">
              Connect Account
            </Button>
          )}
        </section>
      )}

      <ClientStatCards hasAccounts={accounts.length > 0} />
      {showBilling && <NextPaymentBanner />}
      <ConnectedAccounts
        query={accountsQuery}
        accounts={accounts}
        onConnect={canConnect ? () => setConnectOpen(true) : null}
        onReconnect={reconnect}
      />

      <div className={cn('grid gap-6 [&>*]:min-w-0', showContent && 'xl:grid-cols-2')}>
        {showContent && <RecentContent onNewPost={() => setContentDialog({ kind: 'create' })} />}
        <PerformanceOverview />
      </div>
      <div className={cn('grid gap-6 [&>*]:min-w-0', showBilling && 'xl:grid-cols-2')}>
        <RecentMessages onSend={() => setMessageOpen(true)} />
        {showBilling && <PaymentHistoryCard />}
      </div>
      <QuickActions reaches={reaches} />

      {canConnect && <ConnectAccountDialog open={connectOpen} onOpenChange={setConnectOpen} accounts={accounts} oauth={oauth} />}
      {showContent && (
        <ClientContentDialog mode={contentDialog} onOpenChange={(o) => !o && setContentDialog(null)} title="Create New Content" />
      )}
      <SendMessageDialog open={messageOpen} onOpenChange={setMessageOpen} />
      <IntakeFormDialog form={intakeForm} onClose={() => setIntakeForm(null)} />
    </div>
  );
}
