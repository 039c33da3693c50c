import { cardBrandName, paymentIntentIdOf, type TConfirmPaymentResponse } from '@agency/contract';
import { CreditCard, FlaskConical, Lock, ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, FormError, Input, Label } from '@/components/ui';
import { cn } from '@/lib/cn';
import { tsr } from '@/lib/tsr';
import {
  SANDBOX_TEST_CARDS,
  cardBrand,
  cardErrors,
  cvcLength,
  digitsOnly,
  formatCardNumber,
  formatExpiry,
  parseCard,
  type TCardErrors,
  type TParsedCard,
  type TSandboxCard,
} from '../lib/card-input';
import { PAYMENT_TEXTS, serverMessage } from '../lib/payment-texts';
import type { TPaymentFormProps } from '../lib/payment-form-types';

type TField = keyof TSandboxCard;

/** The card a test number fills in: that number, an expiry a year ahead, a CVC. */
function testCard(number: string, name: string): TSandboxCard {
  const year = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
  return { number, expiry: `12 / ${year}`, cvc: '123', name };
}

/**
 * The built-in sandbox's card form, made to look and behave like Stripe's card Element: number in groups with the
 * brand, expiry MM / YY, CVC, the client's own name. It confirms on our server (POST /billing/confirm-payment/ or
 * /confirm-setup/), which answers Stripe's test cards as Stripe's test mode does; a card that asks for 3D Secure
 * opens an authentication step like Stripe's test page.
 */
export function SandboxCardForm({ kind, clientSecret, submitLabel, amountLabel, billingName, onSuccess, onError }: TPaymentFormProps) {
  const ids = { number: useId(), expiry: useId(), cvc: useId(), name: useId(), error: useId(), brand: useId() };
  const [card, setCard] = useState<TSandboxCard>({ number: '', expiry: '', cvc: '', name: billingName });
  const [touched, setTouched] = useState<Partial<Record<TField, boolean>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [authenticating, setAuthenticating] = useState<TParsedCard | null>(null);
  const confirmPayment = tsr.billing.confirmPayment.useMutation();
  const confirmSetup = tsr.billing.confirmSetup.useMutation();
  const processing = confirmPayment.isPending || confirmSetup.isPending;

  const errors: TCardErrors = cardErrors(card);
  const complete = Object.keys(errors).length === 0;
  const brand = cardBrand(digitsOnly(card.number));
  const shown = (field: TField) => (touched[field] ? errors[field] : undefined);
  const intentId = paymentIntentIdOf(clientSecret);

  const set = (field: TField, value: string) => {
    setFormError(null);
    setCard((c) => ({ ...c, [field]: value }));
  };

  const confirm = async (body: Partial<TParsedCard> & { authentication?: 'complete' | 'fail' }): Promise<TConfirmPaymentResponse> => {
    const res =
      kind === 'payment'
        ? await confirmPayment.mutateAsync({ body: { payment_intent_id: intentId, ...body } })
        : await confirmSetup.mutateAsync({ body: { setup_intent_id: intentId, ...body } });
    return res.body;
  };

  /** What an answer means: done, authenticate, a card error to show here, or a failure for the caller. */
  const handle = (answer: TConfirmPaymentResponse, parsed: TParsedCard) => {
    if (answer.status === 'succeeded') {
      onSuccess();
      return;
    }
    if (answer.status === 'requires_action' && !answer.error) {
      setAuthenticating(parsed);
      return;
    }
    if (answer.error) {
      setFormError(answer.error);
      return;
    }
    onError(PAYMENT_TEXTS.notSucceeded);
  };

  const run = async (parsed: TParsedCard, body: Partial<TParsedCard> & { authentication?: 'complete' | 'fail' }) => {
    try {
      handle(await confirm(body), parsed);
    } catch (err) {
      const message = serverMessage(err);
      if (message) setFormError(message);
      else onError(PAYMENT_TEXTS.unexpected);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (processing) return;
    setTouched({ number: true, expiry: true, cvc: true, name: true });
    const parsed = parseCard(card);
    if (!parsed) {
      setFormError(PAYMENT_TEXTS.cardIncomplete);
      return;
    }
    setFormError(null);
    void run(parsed, parsed);
  };

  const answerAuthentication = (answer: 'complete' | 'fail') => {
    const parsed = authenticating;
    if (!parsed) return;
    setAuthenticating(null);
    void run(parsed, { authentication: answer });
  };

  const fieldClass = 'h-11 tabular-nums';
  const describedBy = (field: TField) => (shown(field) ? `${ids[field]}-error` : undefined);

  return (
    <>
      <form onSubmit={submit} noValidate aria-label={kind === 'payment' ? 'Card payment' : 'Save a card'} className="space-y-4">
        <div
          className="flex gap-3 rounded-lg border border-info-600/30 bg-info-50 p-3 text-sm text-info-700"
        >
          <FlaskConical aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <div className="min-w-0 space-y-1">
            <p className="font-medium">Sandbox payments: no real card is charged.</p>
            <p>Use one of Stripe&apos;s test cards with any future expiry date and any CVC:</p>
            <ul className="space-y-0.5">
              {SANDBOX_TEST_CARDS.map((t) => (
                <li key={t.number} className="flex flex-wrap items-center gap-x-1">
                  <button
                    type="button"
                    className="rounded-sm font-mono font-medium underline underline-offset-2 hover:no-underline"
                    aria-label={`Use test card ${t.number}`}
                    onClick={() => {
                      setFormError(null);
                      setCard(testCard(t.number, card.name || billingName));
                    }}
                  >
                    {t.number}
                  </button>
                  <span>{t.outcome}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div className="space-y-1.5">
          <Label htmlFor={ids.number}>Card number</Label>
          <div className="relative">
            <Input
              id={ids.number}
              className={cn(fieldClass, 'pr-28')}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={card.number}
              onChange={(e) => set('number', formatCardNumber(e.target.value))}
              onBlur={() => setTouched((t) => ({ ...t, number: true }))}
              aria-invalid={shown('number') ? true : undefined}
              aria-describedby={[ids.brand, describedBy('number')].filter(Boolean).join(' ')}
              disabled={processing}
            />
            <span
              id={ids.brand}
              className="pointer-events-none absolute top-1/2 right-3 inline-flex -translate-y-1/2 items-center gap-1.5 text-xs font-medium text-fg-muted"
              data-testid="card-brand"
            >
              <CreditCard aria-hidden className="h-4 w-4" />
              {digitsOnly(card.number) ? cardBrandName(brand, 'short') : 'Card'}
            </span>
          </div>
          {shown('number') && (
            <p id={`${ids.number}-error`} className="text-sm text-danger-700">
              {shown('number')}
            </p>
          )}
        </div>

        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1.5">
            <Label htmlFor={ids.expiry}>Expiration date</Label>
            <Input
              id={ids.expiry}
              className={fieldClass}
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM / YY"
              value={card.expiry}
              onChange={(e) => set('expiry', formatExpiry(e.target.value, card.expiry))}
              onBlur={() => setTouched((t) => ({ ...t, expiry: true }))}
              aria-invalid={shown('expiry') ? true : undefined}
              aria-describedby={describedBy('expiry')}
              disabled={processing}
            />
            {shown('expiry') && (
              <p id={`${ids.expiry}-error`} className="text-sm text-danger-700">
                {shown('expiry')}
              </p>
            )}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={ids.cvc}>Security code (CVC)</Label>
            <Input
              id={ids.cvc}
              className={fieldClass}
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={brand === 'amex' ? '1234' : '123'}
              value={card.cvc}
              onChange={(e) => set('cvc', digitsOnly(e.target.value).slice(0, cvcLength(brand)))}
              onBlur={() => setTouched((t) => ({ ...t, cvc: true }))}
              aria-invalid={shown('cvc') ? true : undefined}
              aria-describedby={describedBy('cvc')}
              disabled={processing}
            />
            {shown('cvc') && (
              <p id={`${ids.cvc}-error`} className="text-sm text-danger-700">
                {shown('cvc')}
              </p>
            )}
          </div>
        </div>

        <div className="space-y-1.5">
          <Label htmlFor={ids.name}>Name on card</Label>
          <Input
            id={ids.name}
            className={fieldClass}
            autoComplete="cc-name"
            value={card.name}
            onChange={(e) => set('name', e.target.value)}
            onBlur={() => setTouched((t) => ({ ...t, name: true }))}
            aria-invalid={shown('name') ? true : undefined}
            aria-describedby={describedBy('name')}
            disabled={processing}
          />
          {shown('name') && (
            <p id={`${ids.name}-error`} className="text-sm text-danger-700">
              {shown('name')}
            </p>
          )}
        </div>

        <FormError message={formError} id={ids.error} />

        <Button
          type="submit"
          size="lg"
          className={cn('w-full', !complete && !processing && 'opacity-60')}
          loading={processing}
          aria-disabled={!complete || undefined}
          aria-describedby={formError ? ids.error : undefined}
        >
          {!processing && <Lock aria-hidden className="h-4 w-4" />}
          {processing ? 'Processing...' : submitLabel}
        </Button>
      </form>

      <AuthenticationDialog
        open={authenticating !== null}
        amountLabel={amountLabel}
        kind={kind}
        onAnswer={answerAuthentication}
      />
    </>
  );
}

/**
 * The sandbox's stand-in for the bank's 3D Secure page, like Stripe's test page: complete or fail it. Closing it
 * fails the authentication, as closing Stripe's does.
 */
export function AuthenticationDialog({
  open,
  amountLabel,
  kind,
  onAnswer,
}: {
  open: boolean;
  amountLabel?: string | undefined;
  kind: TPaymentFormProps['kind'];
  onAnswer: (answer: 'complete' | 'fail') => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onAnswer('fail')}
      title="Authenticate this payment"
      description={
        kind === 'payment'
          ? `Your bank asks you to confirm this ${amountLabel ? `${amountLabel} ` : ''}payment (3D Secure).`
          : 'Your bank asks you to confirm this card before it is saved (3D Secure).'
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => onAnswer('fail')}>
            Fail authentication
          </Button>
          <Button onClick={() => onAnswer('complete')}>Complete authentication</Button>
        </>
      }
    >
      <div className="flex gap-3 rounded-lg border border-border bg-subtle p-3 text-sm text-fg-muted">
        <ShieldCheck aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
        <p>
          This is the sandbox&apos;s test authentication page. With a real card, your bank would ask for a code or an approval in its
          app here.
        </p>
      </div>
    </Dialog>
  );
}
