import { describe, expect, it } from 'vitest';
import { CARD_FIELD_MESSAGES, cardBrand, cardErrors, formatCardNumber, formatExpiry, parseCard } from '../lib/card-input';

const NOW = new Date(2026, 1, 15); // Feb 15, 2026

describe('card number', () => {
  it('is shown in groups of 4 (American Express 4-6-5), cut at the brand length', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });

  it('names the brand from the first digits', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9')).toBe('unknown');
  });
});

describe('expiry', () => {
  it('is typed as MM / YY; a first digit above 1 is a month on its own; deleting removes the separator', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12 / ');
    expect(formatExpiry('4', '')).toBe('04 / ');
    expect(formatExpiry('12 / 3', '12 / ')).toBe('12 / 3');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('12 /', '12 / ')).toBe('12');
  });
});

describe('completeness (Stripe.js messages)', () => {
  const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Cora Client' };

  it('a complete card parses into the fields the sandbox takes', () => {
    expect(cardErrors(good, NOW)).toEqual({});
    expect(parseCard(good, NOW)).toEqual({ card_number: '4242424242424242', exp_month: 12, exp_year: 2030, cvc: '123' });
  });

  it('names each missing or wrong part', () => {
    expect(cardErrors({ number: '4242 4242', expiry: '12', cvc: '1', name: ' ' }, NOW)).toEqual({
      number: CARD_FIELD_MESSAGES.numberIncomplete,
      expiry: CARD_FIELD_MESSAGES.expiryIncomplete,
      cvc: CARD_FIELD_MESSAGES.cvcIncomplete,
      name: CARD_FIELD_MESSAGES.nameMissing,
    });
    expect(cardErrors({ ...good, number: '4242 4242 4242 4241' }, NOW).number).toBe('Your card number is invalid.');
    expect(cardErrors({ ...good, expiry: '12 / 25' }, NOW).expiry).toBe("Your card's expiration year is in the past.");
    expect(cardErrors({ ...good, expiry: '01 / 26' }, NOW).expiry).toBe("Your card's expiration date is in the past.");
    expect(cardErrors({ ...good, expiry: '02 / 26' }, NOW).expiry).toBeUndefined();
    expect(parseCard({ ...good, cvc: '12' }, NOW)).toBeNull();
  });

  it('American Express needs a 4-digit CVC', () => {
    const amex = { ...good, number: '3782 822463 10005' };
    expect(cardErrors({ ...amex, cvc: '123' }, NOW).cvc).toBe(CARD_FIELD_MESSAGES.cvcIncomplete);
    expect(cardErrors({ ...amex, cvc: '1234' }, NOW)).toEqual({});
  });
});
