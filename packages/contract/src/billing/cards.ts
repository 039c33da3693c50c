/**
 * Card facts both sides need: the brand from a number's first digits (the sandbox's card form shows it as Stripe's
 * Element does; the sandbox provider records it), the Luhn check, and how a saved card is named on screens,
 * invoices and exports ('Visa •••• 4242').
 */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unknown'] as const;
export type TCardBrand = (typeof CARD_BRANDS)[number];

/** The full names, and short ones that fit inside a card number field at phone width. */
const BRAND_NAMES: Record<string, { full: string; short: string }> = {
  visa: { full: 'Visa', short: 'Visa' },
  mastercard: { full: 'Mastercard', short: 'Mastercard' },
  amex: { full: 'American Express', short: 'Amex' },
  discover: { full: 'Discover', short: 'Discover' },
  diners: { full: 'Diners Club', short: 'Diners' },
  jcb: { full: 'JCB', short: 'JCB' },
  unionpay: { full: 'UnionPay', short: 'UnionPay' },
  unknown: { full: 'Card', short: 'Card' },
};

/** A brand as people read it ('amex' → 'American Express'; `short` → 'Amex'); an unlisted one capitalized. */
export function cardBrandName(brand: string, length: 'full' | 'short' = 'full'): string {
  const known = BRAND_NAMES[brand.toLowerCase()];
  if (known) return known[length];
  return brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : 'Card';
}

/** 'Visa •••• 4242' */
export function cardLabel(card: { brand: string; last4: string }): string {
  return `${cardBrandName(card.brand)} •••• ${card.last4}`;
}

/** The brand of a card number (digits only; a partial number is enough once its first digits are typed). */
export function cardBrand(digits: string): TCardBrand {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4).padEnd(4, '0'));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || two === 65 || (four >= 6440 && four <= 6499)) return 'discover';
  if (two === 36 || two === 38 || (four >= 3000 && four <= 3059)) return 'diners';
  if (four >= 3528 && four <= 3589) return 'jcb';
  return 'unknown';
}

/** The Luhn checksum every card number passes. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}
