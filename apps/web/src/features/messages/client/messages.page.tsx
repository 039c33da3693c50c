import { LIMITS } from '@agency/contract';
import { Info, RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';
import { useInvalidateMessages, useTeam } from '../api/messages.queries';
import { ChatPanel } from './components/chat-panel';
import { QuickHelp } from './components/quick-help';
import { TeamInfoDialog, TeamStrip } from './components/team';
import { teamStrip } from './lib/team';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUrlParams } from '@/lib/use-url-params';

export default function ClientMessagesPage() {
  const { isAdmin } = useAuth();
  const { params, update } = useUrlParams();
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [teamOpen, setTeamOpen] = useState(false);
  const team = useTeam();
  const invalidate = useInvalidateMessages();
  const [refreshing, setRefreshing] = useState(false);
  const composer = useRef<HTMLTextAreaElement>(null);

  // Keep the URL in step with the debounced search (a view survives reload).
  const urlSearch = params.get('q') ?? '';
  useEffect(() => {
    if (search !== urlSearch) update({ q: search });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text changes
  }, [search]);

  const members = team.data?.body.results ?? [];
  const refresh = async () => {
    setRefreshing(true);
    try {
      await invalidate();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-fg">Team Messages</h2>
          <p className="text-sm text-fg-muted">Chat with your account team.</p>
        </div>
        <div className="flex gap-2">
          <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing}>
            <RefreshCw aria-hidden className={cn('h-4 w-4', refreshing && 'animate-spin')} />
            Refresh
          </Button>
          <Button variant="secondary" onClick={() => setTeamOpen(true)}>
            <Info aria-hidden className="h-4 w-4" />
            Team Info
          </Button>
        </div>
      </div>

      {!isAdmin && (
        <TeamStrip
          members={teamStrip(members, LIMITS.teamStrip)}
          online={team.data?.body.online}
          loading={team.isPending}
          error={team.isError ? errorMessage(team.error, 'Failed to load your team') : null}
          onRetry={() => void team.refetch()}
        />
      )}

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <ChatPanel searchText={searchText} onSearchTextChange={setSearchText} search={search} composerRef={composer} />
        </div>
        <div className="min-w-0">
          <QuickHelp onContactSupport={() => composer.current?.focus()} />
        </div>
      </div>

      <TeamInfoDialog open={teamOpen} onOpenChange={setTeamOpen} members={members} loading={team.isPending} />
    </div>
  );
}
