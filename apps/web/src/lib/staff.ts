import { tsr } from '@/lib/tsr';

/** The agency's team (assignee and account-manager choices), shared by every admin section. */
export const staffKey = ['staff', 'list'] as const;

export function useStaff(enabled = true) {
  return tsr.admin.listStaff.useQuery({ queryKey: staffKey, enabled, staleTime: 5 * 60_000 });
}
