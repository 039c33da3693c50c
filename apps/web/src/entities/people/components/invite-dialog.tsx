import { INVITE_LINK_DAYS } from '@agency/contract';
import { useState, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver, type UseFormReturn } from 'react-hook-form';
import { Dialog, FormActions, FormError, useToast } from '@/components/ui';
import { errorMessage } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';

export interface InviteDialogProps<TValues extends FieldValues, TBody> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's title and the form's accessible name. */
  title: string;
  defaultValues: DefaultValues<TValues>;
  /** The contract's schema (zodResolver). */
  resolver: Resolver<TValues, unknown, TBody>;
  /** The fields, in the form's order, on which a message of the server is put (the first one gets the focus). */
  serverFields: readonly Path<TValues>[];
  /** Sends the invite; resolves to the invited person (the toast names their e-mail). */
  send: (body: TBody) => Promise<{ email: string }>;
  /** After the invite is sent (e.g. reload the list). */
  onSent: () => void;
  /** The form's fields. */
  children: (form: UseFormReturn<TValues, unknown, TBody>) => ReactNode;
}

/**
 * An invite dialog: the fields the list asks for, and the one-time sign-in link the API e-mails. A message of the
 * server goes on its field, else above the form; once sent, a toast and the dialog closes.
 */
export function InviteDialog<TValues extends FieldValues, TBody>({ open, onOpenChange, title, ...form }: InviteDialogProps<TValues, TBody>) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={`They get an e-mail with a sign-in link that works once, for ${INVITE_LINK_DAYS} days, to choose their password.`}
    >
      {open && <InviteForm {...form} title={title} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

type TInviteFormProps<TValues extends FieldValues, TBody> = Omit<InviteDialogProps<TValues, TBody>, 'open' | 'onOpenChange'> & { onDone: () => void };

function InviteForm<TValues extends FieldValues, TBody>({ title, defaultValues, resolver, serverFields, send, onSent, children, onDone }: TInviteFormProps<TValues, TBody>) {
  const toast = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<TValues, unknown, TBody>({ resolver, defaultValues });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (body) => {
    setServerError(null);
    try {
      const invited = await send(body);
      toast.success(`Invite sent to ${invited.email}`);
      onSent();
      onDone();
    } catch (err) {
      const fields = serverFieldErrors(err) ?? {};
      let first = true;
      for (const field of serverFields) {
        const message = fields[field];
        if (!message) continue;
        setError(field, { type: 'server', message }, { shouldFocus: first });
        first = false;
      }
      // A message that sits on a field is not repeated above the form.
      if (first) setServerError(errorMessage(err, 'Could not send the invite'));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label={title}>
      <FormError message={serverError} />
      {children(form)}
      <FormActions onCancel={onDone} submitLabel="Send invite" loading={isSubmitting} />
    </form>
  );
}
