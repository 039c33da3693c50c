import { requiredId, type TClient } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Dialog, Field, NativeSelect } from '@/components/ui';

/** The modal's one field, with the contract's message for a missing client. */
const ZNewConversationSchema = z.object({ client_id: requiredId('Please select a client') });
type TNewConversationForm = z.input<typeof ZNewConversationSchema>;
type TNewConversationParsed = z.output<typeof ZNewConversationSchema>;

export interface NewConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Clients with a linked user account only. */
  clients: TClient[];
  loading: boolean;
  onStart: (client: TClient) => void;
}

export function NewConversationDialog({ open, onOpenChange, clients, loading, onStart }: NewConversationDialogProps) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TNewConversationForm, unknown, TNewConversationParsed>({
    resolver: zodResolver(ZNewConversationSchema),
    defaultValues: { client_id: '' as unknown as number },
  });

  const close = (o: boolean) => {
    if (!o) reset();
    onOpenChange(o);
  };

  const onSubmit = handleSubmit((values) => {
    const client = clients.find((c) => c.id === values.client_id);
    if (!client) return;
    onStart(client);
    close(false);
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Start New Conversation"
      description="Choose a client with a user account to message."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field
          label="Client"
          error={errors.client_id?.message}
          hint={!loading && clients.length === 0 ? 'No client has a user account yet. Invite a client to sign up first.' : undefined}
        >
          <NativeSelect {...register('client_id')} disabled={loading}>
            <option value="">{loading ? 'Loading clients...' : 'Select a client'}</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.company && c.company !== c.name ? `${c.name} — ${c.company}` : c.name}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit">Start Conversation</Button>
        </div>
      </form>
    </Dialog>
  );
}
