import { tsr } from '@/lib/tsr';

/**
 * The agency's team: the assignee choices of the task form and the account-manager choices of the client form.
 * Under ['staff'] (the realtime client invalidates that prefix on presence changes).
 */
export const staffKeys = {
  all: ['staff'] as const,
  list: () => ['staff', 'list'] as const,
};

export function useStaff(enabled = true) {
  return tsr.admin.listStaff.useQuery({ queryKey: staffKeys.list(), enabled, staleTime: 5 * 60_000 });
}
