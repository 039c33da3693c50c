import { tsr } from '@/lib/tsr';

/** Query keys of the settings screen's own data (the notification preferences are entities/notifications' notificationKeys.preferences()). */
export const settingsKeys = {
  billing: () => ['admin', 'billing-settings'] as const,
};

export function useBillingSettings() {
  return tsr.admin.getBillingSettings.useQuery({ queryKey: settingsKeys.billing() });
}

/** The signed-in person's own settings: one set of hooks for both roles' Settings (entities/account). */
export { useChangePassword, useNotificationPreferences, useSaveNotificationPreferences } from '@/entities/account';

export function useDeleteAdminAccount() {
  return tsr.admin.deleteAdminAccount.useMutation();
}
