import { ZInvoiceFormSchema, type TInvoice, type TInvoiceForm, type TInvoiceFormParsed } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { ClientPicker } from '@/components/client-picker';
import { Button, Dialog, Field, Input, Textarea, useToast } from '@/components/ui';
import { errorMessage, formatUsdCents } from '@/lib/format';
import { useCreateInvoice, useInvalidateInvoices } from '../api/invoices.queries';
import { serverFieldErrors } from '../server-errors';

const FIELDS = ['client', 'amount', 'due_date', 'description', 'invoice_number'] as const;
type TField = (typeof FIELDS)[number];

const defaults: TInvoiceForm = {
  client: '' as unknown as number,
  amount: '' as unknown as number,
  due_date: '',
  description: '',
  invoice_number: '',
};

export interface CreateInvoiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (invoice: TInvoice) => void;
}

/** Create New Invoice: client, amount (0.01 steps), due date, optional description and number. */
export function CreateInvoiceDialog({ open, onOpenChange, onCreated }: CreateInvoiceDialogProps) {
  const { success } = useToast();
  const invalidate = useInvalidateInvoices();
  const create = useCreateInvoice();
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
          ...(values.invoice_number ? { invoice_number: values.invoice_number } : {}),
        },
      });
      success(`Invoice ${res.body.invoice_number} created for ${formatUsdCents(res.body.amount)}`);
      close(false);
      onCreated(res.body);
      await invalidate();
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
    <Dialog open={open} onOpenChange={close} title="Create New Invoice" description="The client is notified and can pay it from their billing page.">
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Create New Invoice">
        {errors.root?.message && (
          <p role="alert" className="rounded-md border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700">
            {errors.root.message}
          </p>
        )}
        <Controller
          control={control}
          name="client"
          render={({ field }) => (
            <Field label="Client" error={errors.client?.message}>
              <ClientPicker
                name={field.name}
                value={field.value ? Number(field.value) : null}
                onChange={(id) => field.onChange(id ?? '')}
                onBlur={field.onBlur}
              />
            </Field>
          )}
        />
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
        <Field label="Invoice number" optional hint="Leave empty to get the next number automatically." error={errors.invoice_number?.message}>
          <Input autoComplete="off" placeholder="INV-…" {...register('invoice_number')} />
        </Field>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create Invoice
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
