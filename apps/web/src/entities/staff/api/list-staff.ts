import { staffKeys } from '@/entities/staff/staff-keys';
import { tsr } from '@/lib/tsr';

/** The agency's team: the assignee choices of the task form and the account-manager choices of the client form. */
export function useStaff(enabled = true) {
  return tsr.admin.listStaff.useQuery({ queryKey: staffKeys.list(), enabled, staleTime: 5 * 60_000 });
}
