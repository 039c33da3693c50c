import { FIRST_ORDER_PROMO, TAX_RATE } from '../constants';

/*
 * Cart pricing (client-and-public section 3 and 9), stated once for the browser's cart and checkout summary
 * and for the server, which recomputes every order from the catalog (prices are never taken from the browser).
 * Pure functions on plain numbers in USD; every amount is rounded to cents.
 */

/** What pricing needs of a cart line. */
export interface TPricedLine {
  price: number;
  quantity: number;
}

export interface TCartTotals {
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** Rounds an amount in USD to cents (half away from zero, as the server's numeric(12,2) does). */
export function roundCents(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100 + Number.EPSILON) / 100;
}

/** Number of units in the cart (sum of line quantities; non-positive quantities count as none). */
export function cartCount(lines: readonly Pick<TPricedLine, 'quantity'>[]): number {
  return lines.reduce((n, l) => n + (l.quantity > 0 ? l.quantity : 0), 0);
}

/** Price × quantity of one line, in cents precision. */
export function lineTotal(line: TPricedLine): number {
  return roundCents(line.price * (line.quantity > 0 ? line.quantity : 0));
}

/** Sum of the line totals. */
export function cartSubtotal(lines: readonly TPricedLine[]): number {
  return roundCents(lines.reduce((sum, l) => sum + lineTotal(l), 0));
}

/** What a promo code takes off: a percentage of the subtotal, or a fixed amount in USD. */
export type TDiscountRule = { percentOff: number } | { amountOff: number };

/** A promo code's discount on a subtotal, rounded to cents and never above the subtotal. A bare number is a percent. */
export function promoDiscount(subtotal: number, rule: TDiscountRule | number = FIRST_ORDER_PROMO.percentOff): number {
  const r = typeof rule === 'number' ? { percentOff: rule } : rule;
  if ('amountOff' in r) return Math.min(subtotal, roundCents(Math.max(0, r.amountOff)));
  const pct = Math.min(100, Math.max(0, r.percentOff));
  return Math.min(subtotal, roundCents((subtotal * pct) / 100));
}

/** Subtotal, discount (a promo's rule, none without one), tax (TAX_RATE of subtotal − discount) and total. */
export function cartTotals(lines: readonly TPricedLine[], rule: TDiscountRule | number | null = null): TCartTotals {
  const subtotal = cartSubtotal(lines);
  const discount = rule == null || rule === 0 ? 0 : promoDiscount(subtotal, rule);
  const tax = roundCents((subtotal - discount) * TAX_RATE);
  const total = roundCents(subtotal - discount + tax);
  return { subtotal, discount, tax, total };
}
