import { IDEMPOTENCY_KEY_HEADER, cardLabel, type TCardPaymentResult, type TPaymentMethod } from '@agency/contract';
import { CreditCard, Lock } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button, FormError } from '@/components/ui';
import { cn } from '@/lib/cn';
import { formatUsdCents } from '@/lib/format';
import { tsr } from '@/lib/tsr';
import { useBillingConfig } from '../api/get-billing-config';
import { PAYMENT_TEXTS, serverMessage } from '../lib/payment-texts';
import { AuthenticationDialog } from './sandbox-card-form';

const cardName = (c: Pick<TPaymentMethod, 'brand' | 'last4'>) => cardLabel(c);
const expiry = (c: Pick<TPaymentMethod, 'exp_month' | 'exp_year'>) => `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`;

/**
 * Pay Now with a saved card: the default card chosen, another one a click away; one button charges it (POST
 * /invoices/:id/pay_with_card/). When the bank asks the card holder to authenticate, its step opens here (Stripe.js
 * handleNextAction, or the sandbox's authentication page) and the payment is then confirmed. A double click is one
 * payment: the same Idempotency-Key, and the server claims each attempt once.
 */
export function SavedCardPay({
  invoiceId,
  cards,
  amount,
  onPaid,
}: {
  invoiceId: number;
  cards: readonly TPaymentMethod[];
  /** What will be charged (the invoice's balance), for the button. */
  amount: number | null;
  onPaid: () => void;
}) {
  const [chosen, setChosen] = useState(() => (cards.find((c) => c.is_default) ?? cards[0])?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [authenticating, setAuthenticating] = useState<TCardPaymentResult | null>(null);
  const [busy, setBusy] = useState(false);
  const pay = tsr.invoices.payInvoiceWithCard.useMutation();
  const confirm = tsr.billing.confirmPayment.useMutation();
  const config = useBillingConfig();
  const attempt = useRef<{ card: string; key: string } | null>(null);
  const card = cards.find((c) => c.id === chosen) ?? cards[0];

  const finish = (status: string, message: string | null) => {
    if (status === 'succeeded') {
      onPaid();
      return;
    }
    // A refused attempt: the next one is a new payment.
    attempt.current = null;
    setError(message ?? PAYMENT_TEXTS.notSucceeded);
  };

  const authenticate = async (result: TCardPaymentResult) => {
    if (result.provider === 'sandbox') {
      setAuthenticating(result);
      return;
    }
    const publishableKey = config.data?.body.publishable_key ?? (await config.refetch()).data?.body.publishable_key;
    if (!publishableKey || !result.client_secret) {
      finish('failed', PAYMENT_TEXTS.notReady);
      return;
    }
    const { authenticateWithStripe } = await import('./stripe-payment-form');
    const failed = await authenticateWithStripe(publishableKey, result.client_secret);
    if (failed) {
      finish('failed', failed);
      return;
    }
    const res = await confirm.mutateAsync({ body: { payment_intent_id: result.payment_intent_id } });
    finish(res.body.status, res.body.error);
  };

  const submit = async () => {
    if (busy || !card) return;
    setError(null);
    setBusy(true);
    if (attempt.current?.card !== card.id) attempt.current = { card: card.id, key: crypto.randomUUID() };
    try {
      const res = await pay.mutateAsync({
        params: { id: invoiceId },
        body: { payment_method_id: card.id },
        extraHeaders: { [IDEMPOTENCY_KEY_HEADER]: attempt.current.key },
      });
      const result = res.body;
      if (result.status === 'requires_action') await authenticate(result);
      else finish(result.status, result.error);
    } catch (err) {
      attempt.current = null;
      setError(serverMessage(err) ?? PAYMENT_TEXTS.unexpected);
    } finally {
      setBusy(false);
    }
  };

  const answerSandbox = async (answer: 'complete' | 'fail') => {
    const pending = authenticating;
    setAuthenticating(null);
    if (!pending) return;
    setBusy(true);
    try {
      const res = await confirm.mutateAsync({ body: { payment_intent_id: pending.payment_intent_id, authentication: answer } });
      finish(res.body.status, res.body.error);
    } catch (err) {
      setError(serverMessage(err) ?? PAYMENT_TEXTS.unexpected);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-fg">Pay with a saved card</legend>
        <div className="space-y-2">
          {cards.map((c) => (
            <label
              key={c.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 text-sm',
                c.id === card?.id ? 'border-brand-600 bg-brand-50' : 'border-border',
              )}
            >
              <input
                type="radio"
                name={`saved-card-${invoiceId}`}
                value={c.id}
                checked={c.id === card?.id}
                onChange={() => {
                  setChosen(c.id);
                  setError(null);
                }}
                className="h-4 w-4 accent-brand-600"
              />
              <CreditCard aria-hidden className="h-4 w-4 text-fg-muted" />
              <span className="min-w-0">
                <span className="font-medium whitespace-nowrap text-fg">{cardName(c)}</span>{' '}
                <span className="whitespace-nowrap text-fg-muted">expires {expiry(c)}</span>
              </span>
              {c.is_default && <span className="ml-auto text-xs font-medium text-brand-700">Default</span>}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError message={error} />
      <Button size="lg" className="h-auto min-h-11 w-full py-2 whitespace-normal" onClick={() => void submit()} loading={busy} disabled={!card}>
        {!busy && <Lock aria-hidden className="h-4 w-4 shrink-0" />}
        {busy ? 'Processing...' : `Pay ${amount === null ? '' : `${formatUsdCents(amount)} `}with ${card ? cardName(card) : 'a saved card'}`}
      </Button>
      <AuthenticationDialog
        open={authenticating !== null}
        amountLabel={amount === null ? undefined : formatUsdCents(amount)}
        kind="payment"
        onAnswer={(a) => void answerSandbox(a)}
      />
    </div>
  );
}
