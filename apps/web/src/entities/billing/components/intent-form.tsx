import { useState } from 'react';
import { ErrorState, FormError, Skeleton, SkeletonGroup } from '@/components/ui';
import { useAuth } from '@/lib/auth';
import { displayName } from '@/lib/format';
import { PaymentForm } from './payment-form';
import { serverMessage } from '../lib/payment-texts';
import type { TPaymentFormProps } from '../lib/payment-form-types';

interface TIntentFormProps extends Omit<TPaymentFormProps, 'clientSecret' | 'billingName' | 'onError'> {
  /** The request that started the payment or card setup, as a mutation's state. */
  start: { isPending: boolean; isIdle: boolean; isError: boolean; error: unknown };
  intent: { client_secret: string; provider: 'stripe' | 'sandbox' } | null;
  /** Spoken while the intent is being made ('Preparing the payment'). */
  preparingLabel: string;
  /** The error state's title and its text when the server gives none. */
  failedTitle: string;
  failedMessage: string;
  onRetry: () => void;
}

/**
 * A payment (or card setup) once it has been started on the server: loading while it starts, an error with
 * Try Again when it could not, then the payment form for the client's own name, with failures that are not the
 * card's shown above it.
 */
export function IntentForm({ start, intent, preparingLabel, failedTitle, failedMessage, onRetry, ...form }: TIntentFormProps) {
  const { user } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  if (start.isPending || start.isIdle) {
    return (
      <SkeletonGroup label={preparingLabel} className="space-y-3">
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
        <Skeleton className="h-11" />
      </SkeletonGroup>
    );
  }
  if (start.isError || !intent) {
    return <ErrorState title={failedTitle} message={serverMessage(start.error) ?? failedMessage} onRetry={onRetry} className="py-6" />;
  }
  return (
    <div className="space-y-3">
      <FormError message={failure} />
      <PaymentForm {...form} provider={intent.provider} clientSecret={intent.client_secret} billingName={displayName(user)} onError={setFailure} />
    </div>
  );
}
