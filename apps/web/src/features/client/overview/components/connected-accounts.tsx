import type { TSocialAccount } from '@agency/contract';
import { Link2, Plus } from 'lucide-react';
import { SocialAccountCard } from '@/components/social/account-card';
import { Button, Card, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';

interface TAccountsQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** Connected Accounts (client-and-public 2.4): one card per active account, or the way to connect the first. */
export function ConnectedAccounts({
  query,
  accounts,
  onConnect,
  onReconnect,
}: {
  query: TAccountsQuery;
  accounts: readonly TSocialAccount[];
  onConnect: () => void;
  onReconnect: (account: TSocialAccount) => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-wrap items-center">
        <CardTitle>Connected Accounts</CardTitle>
        <Button variant="ghost" size="sm" onClick={onConnect}>
          <Plus aria-hidden className="h-4 w-4" />
          Connect<span className="sr-only"> an account</span>
        </Button>
      </CardHeader>
      {query.isPending ? (
        <SkeletonGroup label="Loading your accounts" className="grid gap-3 p-5 md:grid-cols-2 xl:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48" />
          ))}
        </SkeletonGroup>
      ) : query.isError ? (
        <ErrorState message="Failed to load dashboard data" onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : accounts.length === 0 ? (
        <EmptyState
          icon={<Link2 aria-hidden className="h-6 w-6" />}
          title="No accounts connected yet"
          description="Connect Instagram, YouTube or TikTok to see your followers, reach and engagement here."
          action={<Button onClick={onConnect}>Connect Account</Button>}
        />
      ) : (
        <ul className="grid gap-3 p-5 md:grid-cols-2 xl:grid-cols-3" aria-label="Connected accounts">
          {accounts.map((a) => (
            <li key={a.id} className="flex min-w-0 [&>*]:w-full">
              <SocialAccountCard account={a} onReconnect={onReconnect} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
