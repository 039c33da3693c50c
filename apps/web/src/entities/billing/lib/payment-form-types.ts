/** What one payment form confirms: a payment (an invoice, a subscription's first payment) or a card to save. */
export type TIntentKind = 'payment' | 'setup';

export interface TPaymentFormProps {
  kind: TIntentKind;
  /** The intent's client secret (pi_…_secret_… or seti_…_secret_…). */
  clientSecret: string;
  /** The button's text, e.g. 'Pay $250.00' or 'Save card'. */
  submitLabel: string;
  /** What the authentication step says is being confirmed, e.g. '$250.00'. */
  amountLabel?: string;
  /** The name sent with the card: the signed-in client's own. */
  billingName: string;
  /** The payment (or card setup) succeeded: only then. */
  onSuccess: () => void;
  /**
   * A failure that is not the card's (system not ready, payment not completed, unexpected error). Card errors are
   * shown inside the form, which stays open for another try.
   */
  onError: (message: string) => void;
}
