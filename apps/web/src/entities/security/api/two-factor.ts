import { useQueryClient } from '@tanstack/react-query';
import { AUTH_ME_QUERY_KEY } from '@/lib/auth';
import { tsr } from '@/lib/tsr';
import { securityKeys } from '../security-keys';

/** Whether the signed-in user has a second factor, recovery codes left, and whether the agency requires one. */
export function useTwoFactorStatus() {
  return tsr.twoFactor.getTwoFactorStatus.useQuery({ queryKey: securityKeys.twoFactor() });
}

/** After a second factor changed: the status and the user (two_factor_enabled, two_factor_enrolment_required). */
export function useRefreshTwoFactor() {
  const queryClient = useQueryClient();
  return {
    status: () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() }),
    user: () => queryClient.invalidateQueries({ queryKey: AUTH_ME_QUERY_KEY }),
  };
}

export const useStartTotpEnrolment = () => tsr.twoFactor.startTotpEnrolment.useMutation();
export const useConfirmTotpEnrolment = () => tsr.twoFactor.confirmTotpEnrolment.useMutation();
export const useRegenerateRecoveryCodes = () => tsr.twoFactor.regenerateRecoveryCodes.useMutation();
export const useDisableTotp = () => tsr.twoFactor.disableTotp.useMutation();

/** The agency's policy (owners and read-only staff read it). */
export function useSecurityPolicy(enabled = true) {
  return tsr.twoFactor.getSecurityPolicy.useQuery({ queryKey: securityKeys.policy(), enabled });
}

export function useUpdateSecurityPolicy() {
  const queryClient = useQueryClient();
  return tsr.twoFactor.updateSecurityPolicy.useMutation({
    onSuccess: (res) => {
      queryClient.setQueryData(securityKeys.policy(), res);
      void queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor() });
    },
  });
}
