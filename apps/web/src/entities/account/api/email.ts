import { tsr } from '@/lib/tsr';

/** POST /api/auth/email/change/: the password and the new address; a link goes to the new address (nothing changes yet). */
export function useRequestEmailChange() {
  return tsr.account.requestEmailChange.useMutation();
}

/** POST /api/auth/email/verify/resend/: a fresh confirmation link to the signed-in account's address. */
export function useResendEmailVerification() {
  return tsr.account.resendEmailVerification.useMutation();
}
