import { ZReversePaymentSchema, type TInvoicePayment, type TReversePayment } from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Dialog, Field, FormActions, FormError, Textarea, useToast } from '@/components/ui';
import { errorMessage, formatDay, formatUsdCents } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useReverseInvoicePayment } from '../api/invoices.queries';

/** Reverse a recorded payment, with the reason: the invoice owes it again; the history keeps both. */
export function ReversePaymentDialog({
  payment,
  invoiceNumber,
  onClose,
  onReversed,
}: {
  payment: TInvoicePayment;
  invoiceNumber: string;
  onClose: () => void;
  onReversed: () => void;
}) {
  const { success } = useToast();
  const reverse = useReverseInvoicePayment();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TReversePayment>({ resolver: zodResolver(ZReversePaymentSchema), defaultValues: { reason: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await reverse.mutateAsync({ params: { id: payment.id }, body: values });
      success(`Payment reversed: ${formatUsdCents(res.body.invoice.amount_due)} owed on ${invoiceNumber}`);
      onReversed();
      onClose();
    } catch (err) {
      const reason = serverFieldErrors(err)?.reason;
      if (reason) setError('reason', { message: reason });
      else setError('root', { message: errorMessage(err, 'Failed to reverse the payment') });
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title="Reverse Payment"
      description={`${formatUsdCents(payment.amount)} received on ${formatDay(payment.paid_on)} on invoice ${invoiceNumber} will no longer count, and the invoice will owe it again. The payment stays in the history.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Reverse Payment">
        <FormError message={errors.root?.message} />
        <Field label="Reason" hint="For example: the cheque bounced, or it was booked on the wrong invoice." error={errors.reason?.message}>
          <Textarea rows={3} maxLength={500} {...register('reason')} />
        </Field>
        <FormActions onCancel={onClose} submitLabel="Reverse Payment" loading={reverse.isPending} />
      </form>
    </Dialog>
  );
}
