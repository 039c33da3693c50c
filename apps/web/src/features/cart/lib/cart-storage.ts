import { cartCount, type TPricedLine } from '@agency/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';

/*
 * The browser's cart: lines kept in localStorage 'cart' (client-and-public section 3). What a cart costs
 * (count, subtotal, discount, tax, total) is the contract's rule (cartCount, cartTotals), shared with the server.
 */

/** A cart line as kept in localStorage 'cart'. */
export interface TCartItem extends TPricedLine {
  id: string;
  serviceId: string;
  name: string;
  platform: string;
  features: string[];
}

/** Fired on window whenever this tab changes the cart (other tabs get the native 'storage' event). */
export const CART_CHANGED_EVENT = 'cart-changed';

export function readCart(): TCartItem[] {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.cart);
    if (!raw) return [];
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error('cart is not an array');
    return parsed.filter(
      (i): i is TCartItem => typeof i === 'object' && i !== null && typeof (i as TCartItem).quantity === 'number',
    );
  } catch (err) {
    console.error('Ignoring invalid stored cart', err);
    return [];
  }
}

export function writeCart(items: TCartItem[]): void {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

function subscribe(cb: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.cart) cb();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, cb);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, cb);
  };
}

/** Live item count of the stored cart, for the header badge. */
export function useCartCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => cartCount(readCart()),
    () => 0,
  );
}
