/*
 * The sandbox card form's input rules, as Stripe's card Element applies them: the number formatted in groups
 * (American Express 4-6-5), the brand from its first digits, expiry typed as MM / YY, a 3-digit CVC (4 for
 * American Express), and Stripe.js's own messages for what is incomplete or invalid.
 */

import { cardBrand, luhnValid, type TCardBrand } from '@agency/contract';

export { cardBrand, luhnValid, type TCardBrand };

/** Stripe.js's messages for a card that cannot be sent yet. */
export const CARD_FIELD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  nameMissing: 'Please enter the name on the card.',
} as const;

export function digitsOnly(text: string): string {
  return text.replace(/\D/g, '');
}

/** The lengths a complete number of the brand has. */
export function cardNumberLengths(brand: TCardBrand): readonly number[] {
  if (brand === 'amex') return [15];
  if (brand === 'diners') return [14, 16];
  return [16];
}

export function maxCardNumberLength(brand: TCardBrand): number {
  return Math.max(...cardNumberLengths(brand));
}

export function cvcLength(brand: TCardBrand): number {
  return brand === 'amex' ? 4 : 3;
}

/** Typed text → the digits the brand allows, shown in groups: '4242424242424242' → '4242 4242 4242 4242'. */
export function formatCardNumber(text: string): string {
  const brand = cardBrand(digitsOnly(text));
  const digits = digitsOnly(text).slice(0, maxCardNumberLength(brand));
  const groups = brand === 'amex' ? [4, 6, 5] : [4, 4, 4, 4];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    out.push(digits.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/**
 * Typed text → 'MM / YY' as the Element shows it: the separator appears after the month, a first digit above 1
 * is a month on its own ('4' → '04 / '), and deleting (text shorter than `previous`) removes the separator too.
 */
export function formatExpiry(text: string, previous = ''): string {
  const deleting = text.length < previous.length;
  let digits = digitsOnly(text).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length > 2) return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
  if (digits.length === 2 && !deleting) return `${digits} / `;
  return digits;
}

export interface TSandboxCard {
  /** As typed (with spaces). */
  number: string;
  /** 'MM / YY' as typed. */
  expiry: string;
  cvc: string;
  name: string;
}

export interface TParsedCard {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type TCardErrors = Partial<Record<'number' | 'expiry' | 'cvc' | 'name', string>>;

/** What is wrong with each part of the card (an empty object when it can be sent). */
export function cardErrors(card: TSandboxCard, now: Date = new Date()): TCardErrors {
  const errors: TCardErrors = {};
  const digits = digitsOnly(card.number);
  const brand = cardBrand(digits);
  if (!cardNumberLengths(brand).includes(digits.length)) errors.number = CARD_FIELD_MESSAGES.numberIncomplete;
  else if (!luhnValid(digits)) errors.number = CARD_FIELD_MESSAGES.numberInvalid;

  const exp = digitsOnly(card.expiry);
  if (exp.length < 4) errors.expiry = CARD_FIELD_MESSAGES.expiryIncomplete;
  else {
    const month = Number(exp.slice(0, 2));
    const year = 2000 + Number(exp.slice(2, 4));
    const thisYear = now.getFullYear();
    if (month < 1 || month > 12) errors.expiry = CARD_FIELD_MESSAGES.expiryInvalid;
    else if (year < thisYear) errors.expiry = CARD_FIELD_MESSAGES.expiryYearPast;
    else if (year === thisYear && month < now.getMonth() + 1) errors.expiry = CARD_FIELD_MESSAGES.expiryPast;
  }

  if (digitsOnly(card.cvc).length !== cvcLength(brand)) errors.cvc = CARD_FIELD_MESSAGES.cvcIncomplete;
  if (!card.name.trim()) errors.name = CARD_FIELD_MESSAGES.nameMissing;
  return errors;
}

/** The card as the sandbox's confirm call takes it, or null while it is incomplete or invalid. */
export function parseCard(card: TSandboxCard, now: Date = new Date()): TParsedCard | null {
  if (Object.keys(cardErrors(card, now)).length > 0) return null;
  const exp = digitsOnly(card.expiry);
  return {
    card_number: digitsOnly(card.number),
    exp_month: Number(exp.slice(0, 2)),
    exp_year: 2000 + Number(exp.slice(2, 4)),
    cvc: digitsOnly(card.cvc),
  };
}

/** Stripe's test numbers that the sandbox note offers (docs.stripe.com/testing). */
export const SANDBOX_TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: 'is declined' },
  { number: '4000 0000 0000 9995', outcome: 'has insufficient funds' },
  { number: '4000 0025 0000 3155', outcome: 'requires authentication' },
] as const;
