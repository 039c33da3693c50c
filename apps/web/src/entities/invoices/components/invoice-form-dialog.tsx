import { ZInvoiceFormSchema, type TInvoice, type TInvoiceForm, type TInvoiceFormParsed } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Dialog, Field, FormActions, FormError, Input, Textarea, useToast } from '@/components/ui';
import { ClientFormField } from '@/entities/clients/components/client-form-field';
import { AFFECTED_KEYS, invalidateKeys } from '@/entities/refresh/affected-keys';
import { errorMessage, formatUsdCents } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { tsr } from '@/lib/tsr';

const FIELDS = ['client', 'amount', 'due_date', 'description', 'invoice_number'] as const;
type TField = (typeof FIELDS)[number];

const defaults: TInvoiceForm = {
  client: '' as unknown as number,
  amount: '' as unknown as number,
  due_date: '',
  description: '',
  invoice_number: '',
};

export interface InvoiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (invoice: TInvoice) => void;
  /** Whether the optional Invoice number field shows (without it the server issues the next number). */
  withInvoiceNumber?: boolean;
}

/** Create New Invoice: client, amount (0.01 steps), due date, optional description and number. */
export function InvoiceFormDialog({ open, onOpenChange, onCreated, withInvoiceNumber = true }: InvoiceFormDialogProps) {
  const { success } = useToast();
  const qc = useQueryClient();
  const create = tsr.invoices.createInvoice.useMutation();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TInvoiceForm, unknown, TInvoiceFormParsed>({ resolver: zodResolver(ZInvoiceFormSchema), defaultValues: defaults });

  const close = (o: boolean) => {
    if (!o) reset(defaults);
    onOpenChange(o);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await create.mutateAsync({
        body: {
          client: values.client,
          amount: values.amount,
          due_date: values.due_date,
          ...(values.description ? { description: values.description } : {}),
          ...(withInvoiceNumber && values.invoice_number ? { invoice_number: values.invoice_number } : {}),
        },
      });
      success(`Invoice ${res.body.invoice_number} created for ${formatUsdCents(res.body.amount)}`);
      close(false);
      onCreated?.(res.body);
      await invalidateKeys(qc, AFFECTED_KEYS.invoices);
    } catch (err) {
      const fields = serverFieldErrors(err);
      let placed = false;
      if (fields) {
        for (const [name, message] of Object.entries(fields)) {
          if ((FIELDS as readonly string[]).includes(name)) {
            setError(name as TField, { message });
            placed = true;
          }
        }
      }
      if (!placed) setError('root', { message: errorMessage(err, 'Failed to create invoice') });
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Create New Invoice"
      description={
        withInvoiceNumber ? 'The client is notified and can pay it from their billing page.' : 'The invoice number is issued automatically.'
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Create New Invoice">
        <FormError message={errors.root?.message} />
        <ClientFormField control={control} name="client" error={errors.client?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Amount (USD)" error={errors.amount?.message}>
            <Input type="number" inputMode="decimal" step="0.01" min="0.01" placeholder="0.00" {...register('amount')} />
          </Field>
          <Field label="Due date" error={errors.due_date?.message}>
            <Input type="date" {...register('due_date')} />
          </Field>
        </div>
        <Field label="Description" optional error={errors.description?.message}>
          <Textarea rows={3} maxLength={1000} {...register('description')} />
        </Field>
        {withInvoiceNumber && (
          <Field label="Invoice number" optional hint="Leave empty to get the next number automatically." error={errors.invoice_number?.message}>
            <Input autoComplete="off" placeholder="INV-…" {...register('invoice_number')} />
          </Field>
        )}
        <FormActions onCancel={() => close(false)} submitLabel="Create Invoice" loading={create.isPending} />
      </form>
    </Dialog>
  );
}
