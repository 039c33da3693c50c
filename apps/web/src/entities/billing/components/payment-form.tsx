import { Component, lazy, Suspense, type ReactNode } from 'react';
import { ErrorState } from '@/components/ui';
import { useBillingConfig } from '../api/get-billing-config';
import { SandboxCardForm } from './sandbox-card-form';
import { PAYMENT_TEXTS } from '../lib/payment-texts';
import type { TPaymentFormProps } from '../lib/payment-form-types';
import { FormSkeleton } from './form-skeleton';

/** Stripe.js and React Stripe.js in their own chunk: fetched only when Stripe takes the card. */
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));


/** A chunk that fails to load (offline, a new deploy) shows the spec's "not ready" text with a retry. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <ErrorState
          title="Card payments are unavailable"
          message={PAYMENT_TEXTS.notReady}
          onRetry={() => this.setState({ failed: false })}
        />
      );
    }
    return this.props.children;
  }
}

export interface PaymentFormProps extends TPaymentFormProps {
  /** The provider the intent was made with (the pay and setup answers say it); else GET /billing/config/ decides. */
  provider?: 'stripe' | 'sandbox' | undefined;
}

/**
 * One payment form for both providers: Stripe's PaymentElement when Stripe is configured, else the sandbox's own
 * card form. Same props, same outcomes (onSuccess only when the payment or card setup succeeded).
 */
export function PaymentForm({ provider: intentProvider, ...props }: PaymentFormProps) {
  const config = useBillingConfig();
  const provider = intentProvider ?? config.data?.body.provider;

  if (provider === 'sandbox') return <SandboxCardForm {...props} />;
  if (config.isPending) return <FormSkeleton />;
  const publishableKey = config.data?.body.publishable_key;
  if (config.isError || !publishableKey) {
    return (
      <ErrorState
        title="Card payments are unavailable"
        message={PAYMENT_TEXTS.notReady}
        onRetry={() => void config.refetch()}
        retrying={config.isFetching}
      />
    );
  }
  return (
    <ChunkBoundary>
      <Suspense fallback={<FormSkeleton />}>
        <StripePaymentForm publishableKey={publishableKey} {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
