import type { TOrder } from '@agency/contract';
import { useEffect, useRef } from 'react';
import { IntentForm } from '@/entities/billing/components/intent-form';
import { formatUsdCents } from '@/lib/format';
import { tsr } from '@/lib/tsr';

/**
 * The card form for a placed order, as Pay Now does it for an invoice: the server makes a payment intent for the
 * order (POST /billing/create-payment-intent/ {order_id}), then the payment form confirms the card. Success is
 * reported only when the card payment succeeded; a declined card is shown in the form for another try.
 */
export function OrderPayment({ order, onPaid }: { order: TOrder; onPaid: () => void }) {
  const start = tsr.billing.createPaymentIntent.useMutation();
  const begin = () => {
    start.reset();
    start.mutate({ body: { order_id: order.id } });
  };
  const started = useRef<number | null>(null);
  useEffect(() => {
    if (started.current === order.id) return;
    started.current = order.id;
    start.mutate({ body: { order_id: order.id } });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per order
  }, [order.id]);
  const intent = start.data?.status === 200 ? start.data.body : null;
  const amount = formatUsdCents(intent?.amount ?? order.total);
  return (
    <IntentForm
      start={start}
      intent={intent}
      preparingLabel="Preparing the payment"
      failedTitle="Payment could not start"
      failedMessage="Failed to start the payment. Please try again."
      onRetry={begin}
      kind="payment"
      submitLabel={`Pay ${amount}`}
      amountLabel={amount}
      onSuccess={onPaid}
    />
  );
}
