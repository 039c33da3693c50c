import { cartCount, PACKAGE_CATALOG, type TCatalogPackage } from '@agency/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage';

/*
 * The browser's cart (client-and-public sections 3 and 4): lines kept in localStorage 'cart', changed by add /
 * set quantity / remove / clear, and read live by every component and every tab. What a cart costs (count,
 * subtotal, discount, tax, total) is the contract's rule (cartCount, cartTotals), shared with the server, which
 * prices every order again from the catalogue.
 */

/** A cart line as kept in localStorage 'cart' (the spec's fields plus the catalogue package it is for). */
export interface TCartItem {
  /** Unique line id: the package id plus the time it was added. */
  id: string;
  packageId: string;
  serviceId: string;
  name: string;
  /** Units of the package (not followers). */
  quantity: number;
  /** Unit price in USD, from the catalogue. */
  price: number;
  /** First part of serviceId: ig, tt or yt. */
  platform: string;
  features: string[];
}

/** Fired on window whenever this tab changes the cart (other tabs get the native 'storage' event). */
export const CART_CHANGED_EVENT = 'cart-changed';

const EMPTY: readonly TCartItem[] = Object.freeze([]);

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

function catalogPackage(id: unknown): TCatalogPackage | undefined {
  return PACKAGE_CATALOG.find((p) => p.id === id);
}

/** A stored line made whole from the catalogue (price, name, features are the catalogue's, never the stored ones). */
function fromStored(value: unknown): TCartItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const line = value as Partial<TCartItem>;
  // Lines saved before packageId was kept carry the package id as the first part of their id.
  const pkg = catalogPackage(line.packageId) ?? catalogPackage(typeof line.id === 'string' ? line.id.replace(/-\d+$/, '') : undefined);
  if (!pkg || typeof line.id !== 'string' || typeof line.quantity !== 'number' || !Number.isInteger(line.quantity) || line.quantity <= 0) {
    return null;
  }
  return toLine(pkg, line.id, line.quantity);
}

function toLine(pkg: TCatalogPackage, id: string, quantity: number): TCartItem {
  return {
    id,
    packageId: pkg.id,
    serviceId: pkg.serviceId,
    name: pkg.name,
    quantity,
    price: pkg.price,
    platform: pkg.serviceId.split('-')[0]!,
    features: [...pkg.features],
  };
}

let cachedRaw: string | null | undefined;
let cachedItems: readonly TCartItem[] = EMPTY;

/** The stored cart; invalid stored data (not JSON, not a list, unknown packages) is ignored and logged. */
export function readCart(): readonly TCartItem[] {
  const raw = storage()?.getItem(STORAGE_KEYS.cart) ?? null;
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  cachedItems = parseCart(raw);
  return cachedItems;
}

function parseCart(raw: string | null): readonly TCartItem[] {
  if (!raw) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error('the stored cart is not a list');
    const items = parsed.map(fromStored);
    const valid = items.filter((i): i is TCartItem => i !== null);
    if (valid.length !== items.length) console.error(`Ignoring ${items.length - valid.length} invalid cart line(s)`);
    return valid;
  } catch (err) {
    console.error('Ignoring invalid stored cart', err);
    return EMPTY;
  }
}

export function writeCart(items: readonly TCartItem[]): void {
  const s = storage();
  if (!s) return;
  if (items.length === 0) s.removeItem(STORAGE_KEYS.cart);
  else s.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/**
 * Adds one unit of a package: a package already in the cart gets its line's quantity raised by one, otherwise a
 * new line with quantity 1 and an id made of the package id and the current time. (The spec matches lines by
 * serviceId, which would turn a Growth package into a second Starter; the product matches the package itself.)
 */
export function addToCart(packageId: string, now: number = Date.now()): void {
  const pkg = catalogPackage(packageId);
  if (!pkg) throw new Error(`Unknown package ${packageId}`);
  const items = readCart();
  const existing = items.find((i) => i.packageId === packageId);
  writeCart(
    existing
      ? items.map((i) => (i === existing ? { ...i, quantity: i.quantity + 1 } : i))
      : [...items, toLine(pkg, `${pkg.id}-${now}`, 1)],
  );
}

/** Sets a line's quantity; 0 or less removes the line (section 4). */
export function setCartQuantity(lineId: string, quantity: number): void {
  const items = readCart();
  writeCart(quantity <= 0 ? items.filter((i) => i.id !== lineId) : items.map((i) => (i.id === lineId ? { ...i, quantity: Math.floor(quantity) } : i)));
}

export function removeFromCart(lineId: string): void {
  setCartQuantity(lineId, 0);
}

export function clearCart(): void {
  writeCart([]);
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

/** The cart's lines, live across components and tabs (empty while prerendering and hydrating). */
export function useCart(): readonly TCartItem[] {
  return useSyncExternalStore(subscribe, readCart, () => EMPTY);
}

/** Live item count of the stored cart, for the header badge. */
export function useCartCount(): number {
  return cartCount(useCart());
}
