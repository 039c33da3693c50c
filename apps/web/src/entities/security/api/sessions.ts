import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';
import { securityKeys } from '../security-keys';

/** Sessions per page in Settings → Security. */
export const SESSIONS_PAGE_SIZE = 20;

/** Query keys of the signed-in user's sessions (under securityKeys.all, so a security change can refresh them too). */
export const sessionKeys = {
  all: () => [...securityKeys.all, 'sessions'] as const,
  page: (page: number) => [...sessionKeys.all(), page] as const,
};

/** The signed-in user's live sessions, the most recently used first; re-read whenever the section shows. */
export function useSessions(page: number) {
  return tsr.sessions.listSessions.useQuery({
    queryKey: sessionKeys.page(page),
    queryData: { query: { page, page_size: SESSIONS_PAGE_SIZE } },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRefreshSessions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionKeys.all() });
}

export const useRevokeSession = () => tsr.sessions.revokeSession.useMutation();
export const useRevokeOtherSessions = () => tsr.sessions.revokeOtherSessions.useMutation();
