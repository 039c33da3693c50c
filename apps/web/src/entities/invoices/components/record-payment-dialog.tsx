import {
  IDEMPOTENCY_KEY_HEADER,
  MANUAL_PAYMENT_METHODS,
  MANUAL_PAYMENT_METHOD_LABELS,
  ZRecordPaymentSchema,
  type TInvoice,
  type TRecordPayment,
  type TRecordPaymentParsed,
} from '@agency/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Dialog, Field, FormActions, FormError, Input, NativeSelect, useToast } from '@/components/ui';
import { errorMessage, formatUsdCents } from '@/lib/format';
import { serverFieldErrors } from '@/lib/server-errors';
import { useRecordInvoicePayment } from '../api/record-invoice-payment';

const FIELDS = ['amount', 'paid_on', 'method', 'reference'] as const;
type TField = (typeof FIELDS)[number];

/** Today as the browser's calendar day (YYYY-MM-DD): the latest day a payment may have come in. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Record Payment: a payment received outside the card form (bank transfer, cash, cheque…), for all that is still
 * owed by default or part of it. The server refuses a day after today and more than is owed, on their fields.
 */
export function RecordPaymentDialog({ invoice, onClose, onRecorded }: { invoice: TInvoice; onClose: () => void; onRecorded: () => void }) {
  const { success } = useToast();
  const record = useRecordInvoicePayment();
  const today = localToday();
  // One Idempotency-Key per payment as sent: a second click or a retry records it once; a changed form is a new one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TRecordPayment, unknown, TRecordPaymentParsed>({
    resolver: zodResolver(ZRecordPaymentSchema),
    defaultValues: { amount: invoice.amount_due, paid_on: today, method: 'bank_transfer', reference: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    const body = { amount: values.amount, paid_on: values.paid_on, method: values.method, ...(values.reference ? { reference: values.reference } : {}) };
    const sent = JSON.stringify(body);
    if (attempt.current?.body !== sent) attempt.current = { body: sent, key: crypto.randomUUID() };
    try {
      const res = await record.mutateAsync({ params: { id: invoice.id }, body, extraHeaders: { [IDEMPOTENCY_KEY_HEADER]: attempt.current.key } });
      const after = res.body.invoice;
      success(
        after.status === 'paid'
          ? `Payment of ${formatUsdCents(values.amount)} recorded: invoice ${invoice.invoice_number} is paid`
          : `Payment of ${formatUsdCents(values.amount)} recorded: ${formatUsdCents(after.amount_due)} still owed on ${invoice.invoice_number}`,
      );
      onRecorded();
      onClose();
    } catch (err) {
      const fields = serverFieldErrors(err);
      let placed = false;
      for (const [name, message] of Object.entries(fields ?? {})) {
        if ((FIELDS as readonly string[]).includes(name)) {
          setError(name as TField, { message });
          placed = true;
        }
      }
      if (!placed) setError('root', { message: errorMessage(err, 'Failed to record the payment') });
    }
  });

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Record Payment · ${invoice.invoice_number}`}
      description={`${invoice.client_name} still owes ${formatUsdCents(invoice.amount_due)} of ${formatUsdCents(invoice.amount)}. A part payment leaves the rest owing.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4" aria-label="Record Payment">
        <FormError message={errors.root?.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Amount (USD)" error={errors.amount?.message}>
            <Input type="number" inputMode="decimal" step="0.01" min="0.01" max={invoice.amount_due} {...register('amount')} />
          </Field>
          <Field label="Payment date" error={errors.paid_on?.message}>
            <Input type="date" max={today} {...register('paid_on')} />
          </Field>
        </div>
        <Field label="Method" error={errors.method?.message}>
          <NativeSelect {...register('method')}>
            {MANUAL_PAYMENT_METHODS.map((m) => (
              <option key={m} value={m}>
                {MANUAL_PAYMENT_METHOD_LABELS[m]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Reference" optional hint="Bank reference, cheque number or receipt." error={errors.reference?.message}>
          <Input autoComplete="off" maxLength={100} {...register('reference')} />
        </Field>
        <FormActions onCancel={onClose} submitLabel="Record Payment" loading={record.isPending} />
      </form>
    </Dialog>
  );
}
