/**
 * Query keys of the client Messages screen. Message data lives under ['messages'] (the realtime client
 * invalidates that prefix on message events and ['messages', 'team'] on presence changes).
 */
export const messageKeys = {
  all: ['messages'] as const,
  thread: (search: string, pageSize: number) => ['messages', 'client-thread', { search, pageSize }] as const,
  team: () => ['messages', 'team'] as const,
  /** Quick Help's Download: the latest paid invoice; under ['invoices'] so invoice changes refresh it. */
  latestPaidInvoice: () => ['invoices', 'latest-paid'] as const,
};

