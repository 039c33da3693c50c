import type { TSocialAccount } from '@agency/contract';
import { Link2, Plus } from 'lucide-react';
import { Button, Card, CardHeader, CardTitle, EmptyState, ErrorState, Skeleton, SkeletonGroup } from '@/components/ui';
import { SocialAccountCard } from '@/entities/social-accounts/components/account-card';

interface TAccountsQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/**
 * Connected Accounts (client-and-public 2.4): one card per active account, or the way to connect the first.
 * `onConnect` null: the signed-in member may not connect, sync or disconnect (full access only); the cards only show.
 */
export function ConnectedAccounts({
  query,
  accounts,
  onConnect,
  onReconnect,
}: {
  query: TAccountsQuery;
  accounts: readonly TSocialAccount[];
  onConnect: (() => void) | null;
  onReconnect: (account: TSocialAccount) => void;
}) {
  return (
    <Card>
      <CardHeader className="flex-wrap items-center">
        <CardTitle>Connected Accounts</CardTitle>
        {onConnect && (
          <Button variant="ghost" size="sm" onClick={onConnect}>
            <Plus aria-hidden className="h-4 w-4" />
            Connect<span className="sr-only"> an account</span>
          </Button>
        )}
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
          description={
            onConnect
              ? 'Connect Instagram, YouTube or TikTok to see your followers, reach and engagement here.'
              : 'Once someone with full access connects Instagram, YouTube or TikTok, your followers, reach and engagement show here.'
          }
          action={onConnect ? <Button onClick={onConnect}>Connect Account</Button> : undefined}
        />
      ) : (
        <ul className="grid gap-3 p-5 md:grid-cols-2 xl:grid-cols-3" aria-label="Connected accounts">
          {accounts.map((a) => (
            <li key={a.id} className="flex min-w-0 [&>*]:w-full">
              <SocialAccountCard account={a} onReconnect={onConnect ? onReconnect : null} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
