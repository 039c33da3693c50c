import { CLIENT_FORM_DEFAULTS, type TClient } from '@agency/contract';
import { useState } from 'react';
import { Dialog, useToast } from '@/components/ui';
import { useStaff } from '@/entities/staff/api/list-staff';
import { useAuth } from '@/lib/auth';
import { displayName, errorMessage } from '@/lib/format';
import { useStaffRole } from '@/lib/staff-role';
import { tsr } from '@/lib/tsr';
import { useInvalidateClients } from '../api/clients.queries';
import { ClientForm, clientToFormValues, newClientDefaults, type TClientFormSent } from './client-form';

export interface ClientFormDialogProps {
  open: boolean;
  /** The client to edit; null adds a new one. */
  client: TClient | null;
  onClose: () => void;
  /** After a successful create (e.g. to show the new client). */
  onCreated?: (client: TClient) => void;
}

export function ClientFormDialog({ open, client, onClose, onCreated }: ClientFormDialogProps) {
  const staff = useStaff(open);
  const invalidate = useInvalidateClients();
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const create = tsr.clients.createClient.useMutation();
  const update = tsr.clients.updateClient.useMutation();
  const editing = client !== null;
  const { user } = useAuth();
  // Only owners choose a client's account manager; a manager's new client is the manager's own (the server says so).
  const { isOwner } = useStaffRole();
  const ownNewClient = !editing && !isOwner && user !== null;

  const close = () => {
    setServerError(null);
    onClose();
  };

  const onSubmit = async (values: TClientFormSent) => {
    setServerError(null);
    try {
      if (client) {
        const res = await update.mutateAsync({ params: { id: client.id }, body: values });
        toast.success(`Client ${res.body.name} updated`);
      } else {
        // A new client has nothing locked: the form sends every field, the fee included.
        const res = await create.mutateAsync({ body: { ...values, monthly_fee: values.monthly_fee ?? CLIENT_FORM_DEFAULTS.monthly_fee } });
        toast.success(`Client ${res.body.name} added`);
        onCreated?.(res.body);
      }
      close();
      await invalidate();
    } catch (err) {
      setServerError(errorMessage(err, editing ? 'Failed to update client' : 'Failed to add client'));
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()} title={editing ? 'Edit Client' : 'Add New Client'} className="max-w-2xl">
      {open && (
        <ClientForm
          key={client?.id ?? 'new'}
          defaultValues={
            client ? clientToFormValues(client) : ownNewClient ? { ...newClientDefaults(), account_manager_id: String(user.id) } : newClientDefaults()
          }
          staff={staff.data?.body.results ?? []}
          managerName={client ? client.account_manager : ownNewClient ? displayName(user) : null}
          canAssignManager={isOwner}
          isNew={!editing}
          paymentStatusFollowsInvoices={client?.payment_status_follows_invoices ?? false}
          planName={client?.plan_name ?? null}
          submitLabel={editing ? 'Save Changes' : 'Add Client'}
          submitting={create.isPending || update.isPending}
          serverError={serverError}
          onSubmit={onSubmit}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}
