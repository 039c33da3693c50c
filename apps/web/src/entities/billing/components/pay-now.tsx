import type { TInvoice } from '@agency/contract';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, Skeleton, useToast, type ButtonProps } from '@/components/ui';
import { useInvoice } from '@/entities/invoices/api/get-invoice';
import { useInvalidateAffected } from '@/entities/refresh/affected-keys';
import { formatUsdCents } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { usePaymentMethods } from '../api/list-payment-methods';
import { IntentForm } from './intent-form';
import { SavedCardPay } from './saved-card-pay';

/** The invoice to pay: its id, and its number and amount when the caller has them. */
export interface TPayTarget {
  id: TInvoice['id'];
  invoice_number?: string | null | undefined;
  amount?: number | null | undefined;
  /** What it still owes (less a part payment the agency recorded): what Pay Now charges. */
  amount_due?: number | null | undefined;
  /** A plan's renewal the provider bills: paid with the card form only. */
  plan_renewal?: boolean | undefined;
}

const START_FAILED = 'Failed to start the payment. Please try again.';

export interface PayNowButtonProps extends Omit<ButtonProps, 'onClick' | 'children'> {
  invoice: TPayTarget;
  /** The button's text (default 'Pay Now'). */
  label?: string;
  /** Spoken after the label, so a row's button says which invoice it pays (e.g. the invoice number). */
  subject?: string;
  onPaid?: () => void;
}

/**
 * Pay Now: asks the server for a payment of the invoice (POST /invoices/:id/pay/), then shows the amount, the
 * invoice number and the payment form. On success it closes, says so in a toast and refreshes invoices, billing
 * and the client's dashboard numbers.
 */
export function PayNowButton({ invoice, label = 'Pay Now', subject, onPaid, variant = 'primary', size = 'sm', ...buttonProps }: PayNowButtonProps) {
  const [open, setOpen] = useState(false);
  const pay = tsr.invoices.payInvoice.useMutation();
  const start = () => {
    setOpen(true);
    pay.reset();
    pay.mutate({ params: { id: invoice.id } });
  };
  return (
    <>
      <Button variant={variant} size={size} onClick={start} {...buttonProps}>
        <CreditCard aria-hidden className="h-4 w-4" />
        {label}
        {subject && <span className="sr-only"> {subject}</span>}
      </Button>
      {open && (
        <PayNowDialog
          invoice={invoice}
          pay={pay}
          onRetry={start}
          onClose={() => setOpen(false)}
          onPaid={() => {
            setOpen(false);
            onPaid?.();
          }}
        />
      )}
    </>
  );
}

type TPayMutation = ReturnType<typeof tsr.invoices.payInvoice.useMutation>;

function PayNowDialog({
  invoice,
  pay,
  onRetry,
  onClose,
  onPaid,
}: {
  invoice: TPayTarget;
  pay: TPayMutation;
  onRetry: () => void;
  onClose: () => void;
  onPaid: () => void;
}) {
  const { success } = useToast();
  const invalidate = useInvalidateAffected('invoices');
  // The banner of the next payment knows only the invoice's id: read its number and whether it is a plan renewal.
  const details = useInvoice(invoice.id, { enabled: !invoice.invoice_number || invoice.plan_renewal === undefined });
  const read = details.data?.status === 200 ? details.data.body : null;
  const number = invoice.invoice_number ?? read?.invoice_number ?? null;
  // A plan's renewal is the provider's own invoice: its card form pays it, not a saved card in one step.
  const renewal = invoice.plan_renewal ?? read?.plan_renewal ?? false;
  const intent = pay.data?.status === 200 ? pay.data.body : null;
  const amount = intent?.amount ?? invoice.amount_due ?? invoice.amount ?? null;
  // Saved cards pay in one step; a new card takes the card form.
  const saved = usePaymentMethods({ enabled: !renewal });
  const cards = !renewal && saved.data?.status === 200 ? saved.data.body.results : [];
  const [newCard, setNewCard] = useState(false);
  const paid = () => {
    success(number ? `Payment received for invoice ${number}. Thank you!` : 'Payment received. Thank you!');
    void invalidate();
    onPaid();
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={number ? `Pay invoice ${number}` : 'Pay invoice'}
      description="Pay securely by card. The invoice is marked paid as soon as the payment succeeds."
    >
      <dl className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-border bg-subtle p-3 text-sm">
        <div>
          <dt className="text-fg-muted">Invoice</dt>
          <dd className="font-medium text-fg">{number ?? '—'}</dd>
        </div>
        <div className="text-right">
          <dt className="text-fg-muted">Amount due</dt>
          <dd className="text-lg font-semibold text-fg tabular-nums">{amount === null ? '—' : formatUsdCents(amount)}</dd>
        </div>
      </dl>
      {saved.isPending && !renewal ? (
        <Skeleton className="h-32" />
      ) : cards.length > 0 && !newCard ? (
        <div className="space-y-3">
          <SavedCardPay invoiceId={invoice.id} cards={cards} amount={amount} onPaid={paid} />
          <Button variant="ghost" className="w-full" onClick={() => setNewCard(true)}>
            Pay with a new card instead
          </Button>
        </div>
      ) : (
        <div className="space-y-3">
          <IntentForm
            start={pay}
            intent={intent}
            preparingLabel="Preparing the payment"
            failedTitle="Payment could not start"
            failedMessage={START_FAILED}
            onRetry={onRetry}
            kind="payment"
            submitLabel={`Pay ${formatUsdCents(intent?.amount ?? 0)}`}
            amountLabel={formatUsdCents(intent?.amount ?? 0)}
            onSuccess={paid}
          />
          {cards.length > 0 && (
            <Button variant="ghost" className="w-full" onClick={() => setNewCard(false)}>
              Use a saved card
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}
