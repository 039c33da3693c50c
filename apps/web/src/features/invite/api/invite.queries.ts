import type { TInviteView } from '@agency/contract';
import { useQuery } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';

/** The invite link's view, in memory only (the token never goes into a URL the server sees). */
export const inviteKeys = {
  link: (token: string) => ['invite-link', token] as const,
};

/** An answer other than 200 (the API's reason with 400, 404, 409…; 429; 5xx), or a network error. */
export type TInviteFailure = { status: number; body: unknown } | Error;

/** Statuses with which the server refuses the link itself (unknown, malformed, used, expired): trying again will not help. */
const REFUSED = new Set([400, 403, 404, 409, 410]);

export function isRefusedInvite(err: unknown): err is { status: number; body: unknown } {
  if (!err || typeof err !== 'object' || err instanceof Error) return false;
  const status = (err as { status?: unknown }).status;
  return typeof status === 'number' && REFUSED.has(status);
}

/** POST /api/auth/invites/open/ with the token in the body: who is invited to what, or why the link cannot be used. */
export function useInviteLink(token: string) {
  return useQuery<TInviteView, TInviteFailure>({
    queryKey: inviteKeys.link(token),
    queryFn: async () => {
      const res = await tsr.auth.openInvite.mutate({ body: { token } });
      if (res.status !== 200) throw { status: res.status, body: res.body };
      return res.body;
    },
    // Nothing but accepting changes what a link shows, and accepting leaves the page.
    staleTime: Infinity,
  });
}

/** POST /api/auth/invites/accept/: answers { token, user } as signing in does. */
export function useAcceptInvite() {
  return tsr.auth.acceptInvite.useMutation();
}
