import { requiredId } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, Dialog } from '@/components/ui';
import { ClientFormField } from '@/entities/clients/components/client-form-field';

/** The modal's one field, with the contract's message for a missing client. */
const ZNewConversationSchema = z.object({ client_id: requiredId('Please select a client') });
type TNewConversationForm = z.input<typeof ZNewConversationSchema>;
type TNewConversationParsed = z.output<typeof ZNewConversationSchema>;

/** Only clients with a linked user account can be messaged; the API filters them (any number of clients). */
const MESSAGEABLE = { has_login: true } as const;

export interface NewConversationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStart: (clientId: number) => void;
}

export function NewConversationDialog({ open, onOpenChange, onStart }: NewConversationDialogProps) {
  const {
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<TNewConversationForm, unknown, TNewConversationParsed>({
    resolver: zodResolver(ZNewConversationSchema),
    defaultValues: { client_id: undefined },
  });

  const close = (o: boolean) => {
    if (!o) reset();
    onOpenChange(o);
  };

  const onSubmit = handleSubmit((values) => {
    onStart(values.client_id);
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
        <ClientFormField control={control} name="client_id" error={errors.client_id?.message} filter={MESSAGEABLE} placeholder="Search clients with an account" />
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
