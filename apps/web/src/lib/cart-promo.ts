import { cartTotals, roundCents, TAX_RATE, type TCartTotals, type TDiscountRule, type TPricedLine, type TPromo } from '@agency/contract';
import { useSyncExternalStore } from 'react';

/*
 * The promo code applied on the cart, kept for this browser tab (sessionStorage 'cart_promo') so checkout sends it
 * with the order. Only the code and its rule are kept: every page computes the discount on its own subtotal, and
 * the server prices the order again (and may still refuse the code).
 */

export const CART_PROMO_KEY = 'cart_promo';
const CHANGED = 'cart-promo-changed';

export interface TAppliedPromo {
  code: string;
  percent_off: number | null;
  amount_off: number | null;
  /** The subtotal the server checked the code against, and the discount it answered. */
  subtotal?: number | undefined;
  discount?: number | undefined;
}

function session(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : null;
  } catch {
    return null;
  }
}

let cachedRaw: string | null | undefined;
let cached: TAppliedPromo | null = null;

export function readCartPromo(): TAppliedPromo | null {
  const raw = session()?.getItem(CART_PROMO_KEY) ?? null;
  if (raw === cachedRaw) return cached;
  cachedRaw = raw;
  cached = null;
  if (raw) {
    try {
      const v = JSON.parse(raw) as Partial<TAppliedPromo>;
      if (typeof v.code === 'string' && v.code && (typeof v.percent_off === 'number' || typeof v.amount_off === 'number')) {
        cached = {
          code: v.code,
          percent_off: v.percent_off ?? null,
          amount_off: v.amount_off ?? null,
          subtotal: typeof v.subtotal === 'number' ? v.subtotal : undefined,
          discount: typeof v.discount === 'number' ? v.discount : undefined,
        };
      }
    } catch {
      cached = null;
    }
  }
  return cached;
}

export function saveCartPromo(promo: Pick<TPromo, 'code' | 'percent_off' | 'amount_off' | 'discount'>, subtotal: number): void {
  const value: TAppliedPromo = { code: promo.code, percent_off: promo.percent_off, amount_off: promo.amount_off, subtotal, discount: promo.discount };
  session()?.setItem(CART_PROMO_KEY, JSON.stringify(value));
  window.dispatchEvent(new Event(CHANGED));
}

export function clearCartPromo(): void {
  session()?.removeItem(CART_PROMO_KEY);
  window.dispatchEvent(new Event(CHANGED));
}

/** The pricing rule of an applied code, for cartTotals. */
export function promoRule(promo: TAppliedPromo | null): TDiscountRule | null {
  if (!promo) return null;
  if (promo.percent_off != null) return { percentOff: promo.percent_off };
  if (promo.amount_off != null) return { amountOff: promo.amount_off };
  return null;
}

/**
 * The cart's totals with the applied code: the server's discount while the subtotal is the one it checked, else the
 * code's rule on the new subtotal (the server prices the order again either way).
 */
export function totalsWithPromo(lines: readonly TPricedLine[], promo: TAppliedPromo | null): TCartTotals {
  const totals = cartTotals(lines, promoRule(promo));
  if (!promo || promo.discount === undefined || promo.subtotal !== totals.subtotal) return totals;
  const discount = Math.min(totals.subtotal, promo.discount);
  const tax = roundCents((totals.subtotal - discount) * TAX_RATE);
  return { subtotal: totals.subtotal, discount, tax, total: roundCents(totals.subtotal - discount + tax) };
}

function subscribe(cb: () => void) {
  window.addEventListener(CHANGED, cb);
  return () => window.removeEventListener(CHANGED, cb);
}

/** The applied promo code, live. */
export function useCartPromo(): TAppliedPromo | null {
  return useSyncExternalStore(subscribe, readCartPromo, () => null);
}
