import { cardLabel, type TCardPaymentResult, type TPayWithCard } from '@agency/contract';
import { requireOwnClient, type Actor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { toMoney } from '../../core/money';
import type { AppDeps } from '../../deps';
import { recordAudit } from '../audit';
import { PaymentProviderError, type PaymentEvent, type ProviderPaymentIntent } from '../../integrations/payments/provider';
import { applyPaymentEvents } from './billing-events.service';
import { toCents } from './billing-format';
import * as q from './billing.queries';
import { providerCall } from './billing.service';
import * as charges from './saved-card-charges.queries';

/**
 * Pay Now with a saved card: the invoice's balance charged to the client's default card (or the one it names) in one
 * step, the card holder present. Each attempt is claimed in saved_card_charges before the provider is called, and its
 * key is the provider's idempotency key: a double click, a second instance or a retry after a crash finds the attempt
 * in flight and answers that same charge, so the card is charged once. A declined or failed attempt makes room for
 * the next (a new key). When the bank asks for authentication the answer is requires_action with the client secret;
 * the browser completes it (Stripe.js handleNextAction, the sandbox's authentication step) and confirms through
 * POST /billing/confirm-payment/, which records the outcome as for any Pay Now.
 */

const NOT_FINAL = new Set(['started', 'requires_action']);

function resultOf(pi: ProviderPaymentIntent, provider: TCardPaymentResult['provider']): TCardPaymentResult {
  const declined = (pi.status === 'requires_payment_method' || pi.status === 'canceled') && !inFlight(pi);
  return {
    status: inFlight(pi) ? 'processing' : pi.status,
    payment_intent_id: pi.id,
    client_secret: pi.status === 'requires_action' ? pi.clientSecret : null,
    amount: toMoney(pi.amount / 100),
    provider,
    error: declined ? (pi.lastError ?? 'Your card was declined.') : null,
    card: pi.card ? cardLabel(pi.card) : null,
  };
}

/** The payment's outcome as an event, applied like a webhook's: the payment row follows, and the invoice with it. */
async function applyOutcome(deps: AppDeps, actor: Actor, pi: ProviderPaymentIntent): Promise<void> {
  if (pi.status !== 'succeeded' && !(pi.status === 'requires_payment_method' && pi.lastError)) return;
  const now = deps.now();
  const event: PaymentEvent = {
    eventId: `saved-card:${pi.id}:${now.getTime()}`,
    type: 'api.payment_intent',
    created: now,
    kind: 'payment_intent',
    outcome: pi.status === 'succeeded' ? 'succeeded' : 'payment_failed',
    paymentIntent: pi,
  };
  await applyPaymentEvents(deps, [event], { record: false, actor });
}

/** Made and not yet confirmed: the other request with the same key is confirming it right now. */
const inFlight = (pi: ProviderPaymentIntent) => (pi.status === 'requires_payment_method' || pi.status === 'requires_confirmation') && !pi.lastError;

function chargeStatusOf(pi: ProviderPaymentIntent): charges.SavedCardChargeRow['status'] {
  if (pi.status === 'succeeded') return 'succeeded';
  if (pi.status === 'requires_action' || pi.status === 'processing') return 'requires_action';
  return inFlight(pi) ? 'started' : 'failed';
}

export async function payInvoiceWithSavedCard(deps: AppDeps, actor: Actor, invoiceId: number, input: TPayWithCard): Promise<TCardPaymentResult> {
  const clientId = requireOwnClient(actor);
  const provider = deps.payments.info.name;
  const invoice = await q.findOwnInvoice(deps.db, clientId, invoiceId);
  if (!invoice) throw new AppError('not_found', 'Invoice not found.');
  if (invoice.status === 'paid' || invoice.status === 'refunded') throw new AppError('conflict', `Invoice ${invoice.invoiceNumber} is already paid.`);
  if (invoice.providerInvoiceId) {
    // A subscription renewal is collected on the provider's own invoice: Pay Now's card form pays it.
    throw new AppError('conflict', `Invoice ${invoice.invoiceNumber} is a plan renewal: pay it with Pay Now's card form.`);
  }
  const customerId = await q.findCustomerId(deps.db, clientId, provider);
  const noCard = () =>
    new AppError('bad_request', 'You have no saved card. Add one under Payment Methods, or pay with a new card.', {
      payment_method_id: ['You have no saved card.'],
    });
  if (!customerId) throw noCard();

  // An attempt in flight (a double click, another instance, a retry after a crash): that same charge. One that
  // succeeded while the invoice still owes (a crash before the invoice heard of it) is recorded now, not charged again.
  let claim = await charges.latestCharge(deps.db, invoiceId);
  if (claim && (NOT_FINAL.has(claim.status) || claim.status === 'succeeded') && claim.provider === provider) {
    const settled = await settleInFlight(deps, actor, claim);
    if (settled) return settled;
    claim = await charges.latestCharge(deps.db, invoiceId);
  }

  const cards = await providerCall(deps, 'list cards', (p) => p.listCards(customerId));
  const card = input.payment_method_id ? cards.find((c) => c.id === input.payment_method_id) : (cards.find((c) => c.isDefault) ?? cards[0]);
  if (!card) {
    if (cards.length === 0) throw noCard();
    throw new AppError('not_found', 'This card is not among your saved cards.', { payment_method_id: ['This card is not among your saved cards.'] });
  }
  const attempt = (claim?.attempt ?? 0) + 1;
  // Claimed under the invoice's row lock, at what it owes then: a payment the agency recorded meanwhile counts.
  // A plain transaction, not transact: the Idempotency-Key is not marked done before the card is charged.
  const claimed = await deps.db.transaction(async (tx) => {
    const txDeps = { ...deps, db: tx };
    const owed = await q.findOwnInvoice(tx, clientId, invoiceId, true);
    if (!owed || owed.status === 'paid' || owed.status === 'refunded' || Number(owed.amount) <= 0) {
      throw new AppError('conflict', `Invoice ${invoice.invoiceNumber} is already paid.`);
    }
    const values = {
      invoiceId,
      clientId,
      attempt,
      idempotencyKey: `invoice-${invoiceId}-saved-card-${attempt}`,
      provider,
      paymentMethodId: card.id,
      amount: owed.amount,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    };
    const fresh = await charges.claimCharge(tx, values);
    if (fresh) {
      await recordAudit(txDeps, actor, {
        action: 'invoice.payment_started',
        object: { type: 'invoice', id: invoiceId, label: invoice.invoiceNumber, clientId },
        changes: { amount: toMoney(owed.amount), via: 'saved_card', card: cardLabel(card) },
      });
    }
    return fresh ?? (await charges.latestCharge(tx, invoiceId));
  });
  if (!claimed) throw new AppError('service_unavailable', 'The payment could not start. Please try again.');
  return charge(deps, actor, claimed, customerId, invoice.invoiceNumber);
}

/**
 * An attempt that did not finish here: asks the provider how it stands. Still waiting for the card holder
 * (requires_action) or done: that answer. Declined or never charged (a crash before the call): null when it left
 * room for a new attempt, or the charge made now under its own key.
 */
async function settleInFlight(deps: AppDeps, actor: Actor, claim: charges.SavedCardChargeRow): Promise<TCardPaymentResult | null> {
  const provider = deps.payments.info.name;
  if (!claim.providerPaymentIntentId) {
    // Claimed, and the provider perhaps called (a crash, or the other click still waiting): the same key, the same charge.
    const customerId = await q.findCustomerId(deps.db, claim.clientId, provider);
    if (!customerId) return null;
    const invoice = await q.findOwnInvoice(deps.db, claim.clientId, claim.invoiceId);
    return charge(deps, actor, claim, customerId, invoice?.invoiceNumber ?? String(claim.invoiceId));
  }
  const intentId = claim.providerPaymentIntentId;
  const pi = await providerCall(deps, 'get payment intent', (p) => p.getPaymentIntent(intentId));
  await record(deps, actor, claim, pi);
  if ((pi.status === 'requires_payment_method' && !inFlight(pi)) || pi.status === 'canceled') return null;
  return resultOf(pi, provider);
}

async function charge(deps: AppDeps, actor: Actor, claim: charges.SavedCardChargeRow, customerId: string, invoiceNumber: string): Promise<TCardPaymentResult> {
  const provider = deps.payments.info.name;
  let pi: ProviderPaymentIntent;
  try {
    pi = await deps.payments.chargeSavedCard({
      customerId,
      paymentMethodId: claim.paymentMethodId,
      amount: toCents(claim.amount),
      description: `Invoice ${invoiceNumber}`,
      metadata: { client_id: String(claim.clientId), invoice_id: String(claim.invoiceId) },
      idempotencyKey: claim.idempotencyKey,
    });
  } catch (err) {
    if (err instanceof PaymentProviderError && (err.type === 'card_error' || err.type === 'not_found')) {
      // Refused before any charge (a card error without an intent, a card no longer saved): the next attempt may go.
      await charges.updateCharge(deps.db, claim.id, { status: 'failed', failureMessage: err.message, updatedAt: deps.now() });
    }
    // An outage, or the same key still being answered for the other click, leaves the attempt claimed: a retry asks
    // again under the same key.
    return providerCall(deps, 'charge saved card', () => Promise.reject(err));
  }
  await record(deps, actor, claim, pi);
  return resultOf(pi, provider);
}

/** What the provider answered: the attempt, our payment row and (succeeded or declined) the invoice follow. */
async function record(deps: AppDeps, actor: Actor, claim: charges.SavedCardChargeRow, pi: ProviderPaymentIntent): Promise<void> {
  const now = deps.now();
  await q.insertPayment(deps.db, {
    clientId: claim.clientId,
    invoiceId: claim.invoiceId,
    provider: deps.payments.info.name,
    providerPaymentIntentId: pi.id,
    amount: claim.amount,
    // Waiting for the card holder's bank: so the agency cannot record the same balance by hand meanwhile (invoices).
    status: pi.status === 'requires_action' || pi.status === 'processing' ? pi.status : 'requires_payment_method',
  });
  await charges.updateCharge(deps.db, claim.id, {
    status: chargeStatusOf(pi),
    providerPaymentIntentId: pi.id,
    failureMessage: pi.lastError,
    updatedAt: now,
  });
  await applyOutcome(deps, actor, pi);
}
