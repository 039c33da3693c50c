import { useQueryClient } from '@tanstack/react-query';
import { invoiceKeys } from '@/entities/invoices/invoice-keys';
import { tsr } from '@/lib/tsr';

/** Query keys of the client's own settings (the notification settings are notificationKeys.preferences()). */
export const clientSettingsKeys = {
  billingDetails: () => ['client', 'billing-details'] as const,
};

export function useBillingDetails() {
  return tsr.clients.getMyBillingDetails.useQuery({ queryKey: clientSettingsKeys.billingDetails() });
}

export function useSaveBillingDetails() {
  const queryClient = useQueryClient();
  return tsr.clients.updateMyBillingDetails.useMutation({
    onSuccess: (res) => {
      queryClient.setQueryData(clientSettingsKeys.billingDetails(), res);
      // Invoices print them: the next look at one shows the new details.
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.all });
    },
  });
}
