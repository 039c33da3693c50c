import { useEffect, useRef } from 'react';
import { useToast } from '@/components/ui';
import { PAYMENT_TEXTS } from '@/entities/billing/lib/payment-texts';
import { tsr } from '@/lib/tsr';
import { useUrlParams } from '@/lib/use-url-params';
import { useReloadBilling } from './api/billing.queries';

const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'setup_intent', 'setup_intent_client_secret', 'redirect_status'];

/**
 * Back from a payment method that redirects (Stripe adds ?payment_intent=…&redirect_status=… to the return URL;
 * cards never redirect): the server re-checks the payment or card setup, the result shows in a toast, the
 * parameters leave the URL and the billing data reloads.
 */
export function useStripeRedirectReturn() {
  const { params, update } = useUrlParams();
  const { success, error } = useToast();
  const reload = useReloadBilling();
  const handled = useRef(false);
  const paymentIntent = params.get('payment_intent');
  const setupIntent = params.get('setup_intent');

  useEffect(() => {
    if (handled.current || (!paymentIntent && !setupIntent)) return;
    handled.current = true;
    update(Object.fromEntries(STRIPE_RETURN_PARAMS.map((k) => [k, null])));
    const check = paymentIntent
      ? tsr.billing.confirmPayment.mutate({ body: { payment_intent_id: paymentIntent } })
      : tsr.billing.confirmSetup.mutate({ body: { setup_intent_id: setupIntent ?? '' } });
    void check
      .then((res) => {
        if (res.status === 200 && res.body.status === 'succeeded') success(paymentIntent ? 'Payment received. Thank you!' : 'Card saved');
        else if (res.status === 200) error(res.body.error ?? PAYMENT_TEXTS.notSucceeded);
        else error(PAYMENT_TEXTS.notSucceeded);
      })
      .catch(() => error(PAYMENT_TEXTS.unexpected))
      .finally(() => void reload());
  }, [paymentIntent, setupIntent, update, success, error, reload]);
}
