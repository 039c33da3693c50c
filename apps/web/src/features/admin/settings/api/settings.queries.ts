import type { TNotificationPreferences } from '@agency/contract';
import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/entities/notifications/notification-keys';
import { tsr } from '@/lib/tsr';

/** Query keys of the settings screen's own data (the notification preferences are notificationKeys.preferences()). */
export const settingsKeys = {
  billing: () => ['admin', 'billing-settings'] as const,
};

export function useBillingSettings() {
  return tsr.admin.getBillingSettings.useQuery({ queryKey: settingsKeys.billing() });
}

export function useNotificationPreferences() {
  return tsr.notifications.getNotificationPreferences.useQuery({ queryKey: notificationKeys.preferences() });
}

type TPrefsCache = { status: 200; body: TNotificationPreferences; headers: Headers };

/** Saves the whole set (PUT); the switch moves at once and rolls back if the save fails. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return tsr.notifications.updateNotificationPreferences.useMutation({
    onMutate: async ({ body }) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.preferences() });
      const previous = queryClient.getQueryData<TPrefsCache>(notificationKeys.preferences());
      if (previous) queryClient.setQueryData<TPrefsCache>(notificationKeys.preferences(), { ...previous, body: { ...previous.body, ...body } as TNotificationPreferences });
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      const previous = (ctx as { previous?: TPrefsCache } | undefined)?.previous;
      if (previous) queryClient.setQueryData(notificationKeys.preferences(), previous);
    },
    onSuccess: (res) => {
      queryClient.setQueryData<TPrefsCache>(notificationKeys.preferences(), (old) =>
        old ? { ...old, body: res.body } : { status: 200, body: res.body, headers: new Headers() },
      );
    },
  });
}

export function useUpdateProfile() {
  return tsr.auth.updateMe.useMutation();
}

export function useChangePassword() {
  return tsr.auth.changePassword.useMutation();
}

export function useDeleteAdminAccount() {
  return tsr.admin.deleteAdminAccount.useMutation();
}
