import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementsOptions } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Lock } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, ErrorState, FormError } from '@/components/ui';
import { cn } from '@/lib/cn';
import { tsr } from '@/lib/tsr';
import { PAYMENT_TEXTS } from '../lib/payment-texts';
import type { TPaymentFormProps } from '../lib/payment-form-types';
import { FormSkeleton } from './form-skeleton';

/*
 * Stripe's side of the payment form. This module is its own chunk (payment-form.tsx imports it lazily), so
 * Stripe.js is fetched only when the provider is Stripe and a payment form opens; `@stripe/stripe-js/pure`
 * loads the script when loadStripe is called, not when the module is imported.
 */

const stripes = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per publishable key for the page's life (loadStripe must not run on every render). */
function getStripe(publishableKey: string): Promise<Stripe | null> {
  let p = stripes.get(publishableKey);
  if (!p) {
    p = loadStripe(publishableKey).catch(() => null);
    stripes.set(publishableKey, p);
  }
  return p;
}

/**
 * A saved card's payment that the bank wants authenticated (status requires_action): Stripe.js shows its 3-D Secure
 * step in the page (stripe.handleNextAction with the intent's client secret). Null when it went through, else the
 * message to show (Stripe words it for the card holder).
 */
export async function authenticateWithStripe(publishableKey: string, clientSecret: string): Promise<string | null> {
  const stripe = await getStripe(publishableKey);
  if (!stripe) return PAYMENT_TEXTS.notReady;
  const result = await stripe.handleNextAction({ clientSecret });
  if (result.error) return result.error.message ?? PAYMENT_TEXTS.unexpected;
  return null;
}

/** Where Stripe sends the browser back after a payment method that redirects (cards do not). */
export function stripeReturnUrl(): string {
  return `${window.location.origin}/dashboard#billing`;
}

export interface StripePaymentFormProps extends TPaymentFormProps {
  publishableKey: string;
}


/** `<Elements>` with the intent's client secret around Stripe's PaymentElement. */
export default function StripePaymentForm({ publishableKey, ...props }: StripePaymentFormProps) {
  const [state, setState] = useState<{ key: string; stripe: Stripe | null } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    void getStripe(publishableKey).then((stripe) => {
      if (!stripe) stripes.delete(publishableKey);
      if (live) setState({ key: publishableKey, stripe });
    });
    return () => {
      live = false;
    };
  }, [publishableKey, attempt]);

  if (!state || state.key !== publishableKey) return <FormSkeleton />;
  if (!state.stripe) {
    return (
      <ErrorState
        title="Card payments are unavailable"
        message={PAYMENT_TEXTS.notReady}
        onRetry={() => {
          setState(null);
          setAttempt((n) => n + 1);
        }}
      />
    );
  }
  const options: StripeElementsOptions = {
    clientSecret: props.clientSecret,
    appearance: { theme: 'stripe', variables: { borderRadius: '6px' } },
  };
  return (
    // Elements' options cannot change once set: a new intent gets a new Elements.
    <Elements key={props.clientSecret} stripe={state.stripe} options={options}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

function StripeCardForm({ kind, submitLabel, billingName, onSuccess, onError }: TPaymentFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const errorId = useId();
  const [elementReady, setElementReady] = useState(false);
  const [complete, setComplete] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const confirmPaymentOnServer = tsr.billing.confirmPayment.useMutation();
  const confirmSetupOnServer = tsr.billing.confirmSetup.useMutation();
  const ready = Boolean(stripe && elements && elementReady);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    if (!stripe || !elements || !elementReady) {
      onError(PAYMENT_TEXTS.notReady);
      return;
    }
    if (!complete) {
      setFormError(PAYMENT_TEXTS.cardIncomplete);
      return;
    }
    setFormError(null);
    setProcessing(true);
    try {
      const confirmParams = {
        payment_method_data: { billing_details: { name: billingName } },
        return_url: stripeReturnUrl(),
      };
      if (kind === 'payment') {
        const result = await stripe.confirmPayment({ elements, redirect: 'if_required', confirmParams });
        if (result.error) {
          setFormError(result.error.message ?? PAYMENT_TEXTS.unexpected);
        } else if (result.paymentIntent.status === 'succeeded') {
          // The server re-checks at once instead of waiting for the webhook; Stripe's answer already counts.
          await confirmPaymentOnServer.mutateAsync({ body: { payment_intent_id: result.paymentIntent.id } }).catch(() => undefined);
          onSuccess();
        } else {
          onError(PAYMENT_TEXTS.notSucceeded);
        }
      } else {
        const result = await stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams });
        if (result.error) {
          setFormError(result.error.message ?? PAYMENT_TEXTS.unexpected);
        } else if (result.setupIntent.status === 'succeeded') {
          await confirmSetupOnServer.mutateAsync({ body: { setup_intent_id: result.setupIntent.id } }).catch(() => undefined);
          onSuccess();
        } else {
          onError(PAYMENT_TEXTS.notSucceeded);
        }
      }
    } catch {
      onError(PAYMENT_TEXTS.unexpected);
    } finally {
      setProcessing(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} aria-label={kind === 'payment' ? 'Card payment' : 'Save a card'} className="space-y-4">
      {!elementReady && <FormSkeleton />}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setElementReady(true)}
        onChange={(event) => {
          setComplete(event.complete);
          setFormError(null);
        }}
        onLoadError={(event) => setFormError(event.error.message ?? PAYMENT_TEXTS.notReady)}
      />
      <FormError message={formError} id={errorId} />
      <Button
        type="submit"
        size="lg"
        className={cn('w-full', ready && !complete && !processing && 'opacity-60')}
        loading={processing}
        disabled={!ready}
        aria-disabled={!complete || undefined}
        aria-describedby={formError ? errorId : undefined}
      >
        {!processing && <Lock aria-hidden className="h-4 w-4" />}
        {processing ? 'Processing...' : submitLabel}
      </Button>
    </form>
  );
}
