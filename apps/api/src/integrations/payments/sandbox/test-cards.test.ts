import { describe, expect, it } from 'vitest';
import { CARD_INCOMPLETE, cardBrand, luhnValid, sandboxCardOutcome, type CardInput } from './test-cards';

const NOW = new Date('2026-11-23T12:00:00Z');
const card = (number: string, overrides: Partial<CardInput> = {}): CardInput => ({ number, expMonth: 12, expYear: 34, cvc: '123', ...overrides });

describe('the sandbox answers Stripe test cards as Stripe test mode does', () => {
  it('4242 4242 4242 4242 succeeds (spaces as typed)', () => {
    expect(sandboxCardOutcome(card('4242 4242 4242 4242'), NOW)).toEqual({ kind: 'succeeded', brand: 'visa', last4: '4242' });
  });

  it('the decline numbers answer their codes with the messages Stripe.js shows', () => {
    expect(sandboxCardOutcome(card('4000 0000 0000 0002'), NOW)).toEqual({
      kind: 'declined',
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(sandboxCardOutcome(card('4000000000009995'), NOW)).toMatchObject({
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(sandboxCardOutcome(card('4000000000009979'), NOW)).toMatchObject({ code: 'stolen_card', message: 'Your card was declined.' });
    expect(sandboxCardOutcome(card('4000000000000127'), NOW)).toMatchObject({ code: 'incorrect_cvc' });
  });

  it('4000 0025 0000 3155 asks for authentication once; 4000 0027 6000 3184 on every charge of the saved card', () => {
    expect(sandboxCardOutcome(card('4000002500003155'), NOW)).toEqual({ kind: 'requires_action', brand: 'visa', last4: '3155', always: false });
    expect(sandboxCardOutcome(card('4000002760003184'), NOW)).toEqual({ kind: 'requires_action', brand: 'visa', last4: '3184', always: true });
  });

  it('an incomplete card cannot be sent', () => {
    for (const c of [card(''), card('4242 4242'), card('4242424242424242', { cvc: '' }), card('4242424242424242', { expMonth: '' }), card('4242424242424242', { expMonth: 13 })]) {
      expect(sandboxCardOutcome(c, NOW)).toEqual({ kind: 'incomplete', message: CARD_INCOMPLETE });
    }
    // American Express takes a four-digit code.
    expect(sandboxCardOutcome(card('378282246310005', { cvc: '123' }), NOW).kind).toBe('incomplete');
    expect(sandboxCardOutcome(card('378282246310005', { cvc: '1234' }), NOW)).toMatchObject({ kind: 'succeeded', brand: 'amex' });
  });

  it('a number that fails the Luhn check is incorrect; a card past its expiry month has expired', () => {
    expect(sandboxCardOutcome(card('4242424242424241'), NOW)).toMatchObject({ code: 'incorrect_number', message: 'Your card number is incorrect.' });
    expect(sandboxCardOutcome(card('4242424242424242', { expMonth: 10, expYear: 2026 }), NOW)).toMatchObject({ code: 'expired_card' });
    // Good through the last day of its month.
    expect(sandboxCardOutcome(card('4242424242424242', { expMonth: 11, expYear: 26 }), NOW).kind).toBe('succeeded');
  });

  it('knows the brands of the test numbers', () => {
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3056930009020004')).toBe('diners');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(luhnValid('6011111111111117')).toBe(true);
    expect(luhnValid('6011111111111118')).toBe(false);
  });
});
