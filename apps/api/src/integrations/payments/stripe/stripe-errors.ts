import type Stripe from 'stripe';
import { PaymentProviderError } from '../provider';

/**
 * Stripe's errors → PaymentProviderError. A card error keeps Stripe's message (it is written for the card holder)
 * and its decline code; a missing object is 'not_found'; other invalid requests are our bug or a stale id;
 * network, rate-limit, authentication and Stripe-side failures are 'api_error' (the SDK has already retried
 * what can be retried). `errors` is the loaded SDK's error classes (the SDK is loaded on first use).
 */
export function toPaymentProviderError(error: unknown, secretKey: string, errors: typeof Stripe.errors): unknown {
  if (!(error instanceof errors.StripeError)) return error;
  // Stripe masks keys in its messages; this makes sure ours never reaches a log or a response either way.
  const message = secretKey ? error.message.split(secretKey).join('[secret key]') : error.message;

  if (error instanceof errors.StripeCardError) {
    // Some card errors (expired_card, incorrect_cvc) carry only a code, which then says why.
    return new PaymentProviderError(message, 'card_error', error.decline_code ?? error.code ?? null);
  }
  if (error instanceof errors.StripeInvalidRequestError) {
    return new PaymentProviderError(message, error.code === 'resource_missing' ? 'not_found' : 'invalid_request');
  }
  // A reused idempotency key with different parameters: a bug on our side, not an outage.
  if (error instanceof errors.StripeIdempotencyError) {
    return new PaymentProviderError(message, 'invalid_request');
  }
  return new PaymentProviderError(message, 'api_error');
}
