import type { TConversation } from '@agency/contract';
import { MessageSquare, Plus, RefreshCw, Search } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, EmptyState, ErrorState, Input, NativeSelect, Skeleton, SkeletonGroup } from '@/components/ui';
import { AccessDenied } from '@/layout/access-denied';
import { useAuth } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { useAdminConversations, useClientOptions, useInvalidateMessages } from '../api/messages.queries';
import { ConversationList, ConversationListSkeleton, NoConversations } from './components/conversation-list';
import { ConversationThread, type TThreadPeer } from './components/conversation-thread';
import { NewConversationDialog } from './components/new-conversation-dialog';
import { CONVERSATION_FILTERS, asConversationFilter, clientAsConversation, messageableClients, resolveConversations } from './lib/conversations';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useUrlParams } from '@/lib/use-url-params';

function peerOf(c: TConversation): TThreadPeer | null {
  return c.clientId === null
    ? null
    : { clientId: c.clientId, name: c.name, role: c.role, company: c.company, email: c.email, avatar: c.avatar };
}

function selectedParam(value: string | null): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export default function AdminMessagesPage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <AccessDenied />;
  return <AdminMessages />;
}

function AdminMessages() {
  const { params, update } = useUrlParams();
  const filter = asConversationFilter(params.get('filter'));
  const selectedId = selectedParam(params.get('c'));
  const [searchText, setSearchText] = useState(params.get('q') ?? '');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [newOpen, setNewOpen] = useState(false);
  const { canWrite } = useStaffRole();

  // Keep the URL in step with the debounced search (a view survives reload).
  const urlSearch = params.get('q') ?? '';
  useEffect(() => {
    if (search !== urlSearch) update({ q: search });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced text changes
  }, [search]);

  const query = useMemo(() => ({ filter, ...(search ? { search } : {}) }), [filter, search]);
  const conversations = useAdminConversations(query);
  const clientsQuery = useClientOptions();
  const invalidate = useInvalidateMessages();

  const clients = useMemo(() => messageableClients(clientsQuery.data?.body.results), [clientsQuery.data]);
  const resolved = resolveConversations({
    conversations: conversations.data?.body.conversations,
    failed: conversations.isError && !conversations.data,
    clients: clientsQuery.data?.body.results,
    filter,
    search,
  });

  const selectedPeer: TThreadPeer | null = useMemo(() => {
    if (selectedId === null) return null;
    const fromList = resolved.items.find((c) => c.clientId === selectedId);
    if (fromList) return peerOf(fromList);
    const client = clients.find((c) => c.id === selectedId);
    return client ? peerOf(clientAsConversation(client)) : null;
  }, [selectedId, resolved.items, clients]);
  const resolvingSelection = selectedId !== null && !selectedPeer && (conversations.isPending || clientsQuery.isPending);

  const select = (clientId: number | null) => update({ c: clientId });
  const refresh = () => {
    void invalidate();
    void clientsQuery.refetch();
  };

  const listLoading = conversations.isPending || (resolved.fallback && clientsQuery.isPending);
  const listFailedHard = conversations.isError && !conversations.data && clientsQuery.isError;
  const filtered = filter !== 'all' || search !== '';
  const showThread = selectedId !== null;

  return (
    <div className="space-y-4">
      <Card className="overflow-hidden">
        <div className="grid h-[calc(100dvh-10rem)] min-h-[32rem] grid-cols-[minmax(0,1fr)] lg:grid-cols-[22rem_minmax(0,1fr)]">
          <aside
            aria-label="Conversation list"
            className={cn('flex min-h-0 flex-col border-border lg:border-r', showThread && 'hidden lg:flex')}
          >
            <div className="space-y-3 border-b border-border p-4">
              <div className="flex items-center justify-between gap-2">
                <h2 className="text-base font-semibold text-fg">Conversations</h2>
                <div className="flex items-center gap-1.5">
                  <Button variant="ghost" size="icon" onClick={refresh} aria-label="Refresh" title="Refresh">
                    <RefreshCw aria-hidden className={cn('h-4 w-4', conversations.isFetching && 'animate-spin')} />
                  </Button>
                  {canWrite && (
                    <Button size="sm" onClick={() => setNewOpen(true)}>
                      <Plus aria-hidden className="h-4 w-4" />
                      New
                    </Button>
                  )}
                </div>
              </div>
              <div className="relative">
                <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-fg-subtle" />
                <Input
                  type="search"
                  aria-label="Search conversations"
                  placeholder="Search conversations..."
                  className="pl-9"
                  value={searchText}
                  onChange={(e) => setSearchText(e.target.value)}
                />
              </div>
              <NativeSelect aria-label="Filter conversations" value={filter} onChange={(e) => update({ filter: e.target.value === 'all' ? null : e.target.value })}>
                {CONVERSATION_FILTERS.map((f) => (
                  <option key={f.value} value={f.value}>
                    {f.label}
                  </option>
                ))}
              </NativeSelect>
            </div>

            {conversations.isError && !conversations.data && !listFailedHard && (
              <div role="status" className="flex items-center justify-between gap-2 border-b border-border bg-warning-50 px-4 py-2 text-xs text-warning-700">
                <span>Conversations could not be loaded{resolved.fallback ? '; showing your clients instead.' : '.'}</span>
                <button type="button" className="font-medium underline" onClick={() => void conversations.refetch()}>
                  Try Again
                </button>
              </div>
            )}

            <div className="min-h-0 flex-1 overflow-y-auto">
              {listLoading ? (
                <ConversationListSkeleton />
              ) : listFailedHard ? (
                <ErrorState message={errorMessage(conversations.error, 'Failed to load conversations')} onRetry={refresh} />
              ) : resolved.items.length === 0 ? (
                <NoConversations
                  filtered={filtered}
                  action={
                    canWrite && (
                      <Button onClick={() => setNewOpen(true)}>
                        <Plus aria-hidden className="h-4 w-4" />
                        New Conversation
                      </Button>
                    )
                  }
                />
              ) : (
                <ConversationList items={resolved.items} selectedId={selectedId} onSelect={(c) => select(c.clientId)} />
              )}
            </div>
          </aside>

          <div className={cn('min-h-0', !showThread && 'hidden lg:block')}>
            {selectedPeer ? (
              <ConversationThread key={selectedPeer.clientId} peer={selectedPeer} onBack={() => select(null)} />
            ) : resolvingSelection ? (
              <SkeletonGroup label="Loading conversation" className="space-y-3 p-4">
                <Skeleton className="h-10 w-1/2" />
                <Skeleton className="h-24 w-full" />
              </SkeletonGroup>
            ) : (
              <EmptyState
                className="h-full"
                icon={<MessageSquare aria-hidden className="h-6 w-6" />}
                title="Select a conversation"
                description="Choose a conversation on the left, or start a new one."
                action={
                  <div className="flex flex-wrap justify-center gap-2">
                    {showThread && (
                      <Button variant="secondary" className="lg:hidden" onClick={() => select(null)}>
                        Back to conversations
                      </Button>
                    )}
                    <Button onClick={() => setNewOpen(true)}>
                      <Plus aria-hidden className="h-4 w-4" />
                      New Conversation
                    </Button>
                  </div>
                }
              />
            )}
          </div>
        </div>
      </Card>

      <NewConversationDialog
        open={newOpen}
        onOpenChange={setNewOpen}
        onStart={select}
      />
    </div>
  );
}
