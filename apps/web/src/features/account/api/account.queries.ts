import type { TAccountLinkView } from '@agency/contract';
import { useQuery } from '@tanstack/react-query';
import { tsr } from '@/lib/tsr';

/** The account links' views, in memory only (the token never goes into a URL the server sees). */
export const accountLinkKeys = {
  link: (token: string) => ['account-link', token] as const,
};

/** An answer other than 2xx (the API's reason with 400, 409…; 429; 5xx), or a network error. */
export type TLinkFailure = { status: number; body: unknown } | Error;

/** The server refused the link itself (unknown, replaced, used, expired, or a taken address): trying again will not help. */
export function isRefusedLink(err: unknown): err is { status: number; body: unknown } {
  if (!err || typeof err !== 'object' || err instanceof Error) return false;
  const status = (err as { status?: unknown }).status;
  return status === 400 || status === 404 || status === 409;
}

/** POST /api/auth/links/open/ with the token in the body: what the link is for, or why it cannot be used. */
export function useAccountLink(token: string) {
  return useQuery<TAccountLinkView, TLinkFailure>({
    queryKey: accountLinkKeys.link(token),
    queryFn: async () => {
      const res = await tsr.account.openAccountLink.mutate({ body: { token } });
      if (res.status !== 200) throw { status: res.status, body: res.body };
      return res.body;
    },
    // Only using the link changes what it shows, and using it leaves the form.
    staleTime: Infinity,
  });
}

export const useRequestPasswordReset = () => tsr.account.requestPasswordReset.useMutation();
export const useResetPassword = () => tsr.account.resetPassword.useMutation();
export const useVerifyEmail = () => tsr.account.verifyEmail.useMutation();
export const useConfirmEmailChange = () => tsr.account.confirmEmailChange.useMutation();
export const useUndoEmailChange = () => tsr.account.undoEmailChange.useMutation();
