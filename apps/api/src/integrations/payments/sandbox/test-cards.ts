/**
 * The built-in payment sandbox answers cards as Stripe's test mode does for its documented test numbers
 * (docs.stripe.com/testing), with Stripe's own decline codes and the messages Stripe.js shows for them, so
 * the screens and services see the same outcomes with or without Stripe. Any other number that passes the
 * Luhn check succeeds, as in Stripe's test mode.
 */

import { cardBrand, luhnValid, type TCardBrand as CardBrand } from '@agency/contract';

export { cardBrand, luhnValid, type CardBrand };

/** What a card entered in the sandbox's form leads to. */
export type CardOutcome =
  | {
      kind: 'succeeded';
      brand: CardBrand;
      last4: string;
      /** Stripe's 4000 0000 0000 0341: the card can be saved, but every charge of it is declined. */
      chargesDecline?: DeclineCode;
    }
  /**
   * 3D Secure: the payment waits for the card holder to confirm (the sandbox's confirm step). `always`: Stripe's
   * 4000 0027 6000 3184, which asks again on every charge of the saved card, not only when it is set up.
   */
  | { kind: 'requires_action'; brand: CardBrand; last4: string; always: boolean }
  | { kind: 'declined'; code: DeclineCode; message: string }
  /** The form is not filled in enough to be sent (spec: 'Please complete your card information.'). */
  | { kind: 'incomplete'; message: string };

export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'lost_card'
  | 'stolen_card'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'processing_error'
  | 'incorrect_number';

export const CARD_INCOMPLETE = 'Please complete your card information.';

/** The messages Stripe.js shows for each decline code (lost and stolen cards read as a plain decline). */
export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  card_declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  lost_card: 'Your card was declined.',
  stolen_card: 'Your card was declined.',
  expired_card: 'Your card has expired.',
  incorrect_cvc: "Your card's security code is incorrect.",
  processing_error: 'An error occurred while processing your card. Try again in a little bit.',
  incorrect_number: 'Your card number is incorrect.',
};

/** Stripe's test numbers that do something other than succeed. */
const SPECIAL_NUMBERS: Record<string, DeclineCode | 'requires_action'> = {
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000009987': 'lost_card',
  '4000000000009979': 'stolen_card',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  '4000000000000119': 'processing_error',
  '4000002500003155': 'requires_action',
  '4000002760003184': 'requires_action',
  '4000000000003220': 'requires_action',
};

/** Stripe's card that asks for authentication on every payment, a saved card's charges too. */
export const ALWAYS_AUTHENTICATE_NUMBER = '4000002760003184';

/** Saving this card succeeds; charging it (now or at a renewal) is declined. */
const CHARGES_DECLINE_NUMBER = '4000000000000341';

export interface CardInput {
  number: string;
  expMonth: number | string;
  expYear: number | string;
  cvc: string;
}

/** The digits of a card number as typed (spaces and dashes allowed). */
export function cardDigits(number: string): string | null {
  const compact = number.replace(/[\s-]/g, '');
  return /^\d{12,19}$/.test(compact) ? compact : null;
}

/** A two- or four-digit year as a full year. */
function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** What the sandbox answers for a card, as Stripe's test mode would; `now` decides whether it has expired. */
export function sandboxCardOutcome(card: CardInput, now: Date): CardOutcome {
  const digits = cardDigits(card.number);
  const month = Number(card.expMonth);
  const year = Number(card.expYear);
  const cvcLength = digits && cardBrand(digits) === 'amex' ? 4 : 3;
  if (!digits || !Number.isInteger(month) || !Number.isInteger(year) || !new RegExp(`^\\d{${cvcLength}}$`).test(card.cvc)) {
    return { kind: 'incomplete', message: CARD_INCOMPLETE };
  }
  if (month < 1 || month > 12) return { kind: 'incomplete', message: CARD_INCOMPLETE };
  const declined = (code: DeclineCode): CardOutcome => ({ kind: 'declined', code, message: DECLINE_MESSAGES[code] });
  if (!luhnValid(digits)) return declined('incorrect_number');
  // A card is good through the last day of its expiry month.
  const firstDayAfter = Date.UTC(fullYear(year), month, 1);
  if (firstDayAfter <= now.getTime()) return declined('expired_card');
  const special = SPECIAL_NUMBERS[digits];
  const brand = cardBrand(digits);
  const last4 = digits.slice(-4);
  if (special === 'requires_action') return { kind: 'requires_action', brand, last4, always: digits === ALWAYS_AUTHENTICATE_NUMBER };
  if (digits === CHARGES_DECLINE_NUMBER) return { kind: 'succeeded', brand, last4, chargesDecline: 'card_declined' };
  if (special) return declined(special);
  return { kind: 'succeeded', brand, last4 };
}
