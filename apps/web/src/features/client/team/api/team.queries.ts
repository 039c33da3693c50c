import type { TClientMember } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { tsr } from '@/lib/tsr';

/** The cached answer of listClientMembers (what the query holds). */
interface TTeamCache {
  status: number;
  body: { results: TClientMember[] };
}

/** Query keys of the client's own team (not the agency's team of Messages, ['messages', 'team']). */
export const clientTeamKeys = {
  all: ['client-team'] as const,
  members: () => ['client-team', 'members'] as const,
};

/** The client's team: its own login first, then the people it invited (full access only). */
export function useClientTeam() {
  return tsr.team.listClientMembers.useQuery({ queryKey: clientTeamKeys.members() });
}

/** Reloads the team after an invite, a change or a removal. */
export function useInvalidateClientTeam() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [...clientTeamKeys.all] }), [queryClient]);
}

/** Puts a member the API answered with into the cached list at once (a permission change shows without a reload). */
export function useReplaceClientMember() {
  const queryClient = useQueryClient();
  return useCallback(
    (member: TClientMember) =>
      queryClient.setQueryData<TTeamCache>(clientTeamKeys.members(), (old) =>
        old ? { ...old, body: { results: old.body.results.map((m) => (m.id === member.id ? member : m)) } } : old,
      ),
    [queryClient],
  );
}

export function useInviteClientMember() {
  return tsr.team.inviteClientMember.useMutation();
}

export function useUpdateClientMember() {
  return tsr.team.updateClientMember.useMutation();
}

export function useResendClientMemberInvite() {
  return tsr.team.resendClientMemberInvite.useMutation();
}

export function useRemoveClientMember() {
  return tsr.team.removeClientMember.useMutation();
}
