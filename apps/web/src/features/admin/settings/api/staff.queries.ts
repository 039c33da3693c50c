import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { clientKeys } from '@/entities/clients/client-keys';
import { useStaff } from '@/entities/staff/api/list-staff';
import { staffKeys } from '@/entities/staff/staff-keys';
import { tsr } from '@/lib/tsr';

/**
 * Settings → Team: the staff list is the one the task and client forms use (['staff', 'list']), so an invite, a role
 * change or a removal shows in their pickers too.
 */
export function useTeam() {
  return useStaff();
}

/**
 * After a change to the team: the staff list, and (a removal unassigns clients; a role change moves what a manager
 * is shown) the clients.
 */
export function useInvalidateTeam() {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([queryClient.invalidateQueries({ queryKey: staffKeys.all }), queryClient.invalidateQueries({ queryKey: clientKeys.all })]),
    [queryClient],
  );
}

export function useInviteStaff() {
  return tsr.admin.inviteStaff.useMutation();
}

export function useUpdateStaff() {
  return tsr.admin.updateStaff.useMutation();
}

export function useResendStaffInvite() {
  return tsr.admin.resendStaffInvite.useMutation();
}

export function useRemoveStaff() {
  return tsr.admin.removeStaff.useMutation();
}

export function useEndStaffSessions() {
  return tsr.admin.endStaffSessions.useMutation();
}
