import { cartCount, cartTotals, FIRST_ORDER_PROMO, PACKAGE_CATALOG, promoDiscount, TAX_RATE } from '@agency/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToCart, clearCart, readCart, removeFromCart, setCartQuantity, useCart, useCartCount, writeCart } from './cart-store';

const pkg = (id: string) => PACKAGE_CATALOG.find((p) => p.id === id)!;
const priced = (price: number, quantity: number) => ({ price, quantity });

afterEach(() => localStorage.clear());

describe('cart pricing (the contract rule)', () => {
  it('counts units and ignores non-positive quantities', () => {
    expect(cartCount([priced(15, 2), priced(65, 1), priced(12, 0), priced(12, -3)])).toBe(3);
  });

  it('adds tax on the subtotal without a promo', () => {
    expect(TAX_RATE).toBe(0.1);
    expect(cartTotals([priced(15, 2), priced(65, 1)])).toEqual({ subtotal: 95, discount: 0, tax: 9.5, total: 104.5 });
  });

  it('takes the promo off before tax and rounds every amount to cents', () => {
    expect(FIRST_ORDER_PROMO.percentOff).toBe(20);
    // 3 × 12.99 = 38.97; 20 % off = 7.79 (7.794); tax 10 % of 31.18 = 3.12 (3.118); total 34.30
    expect(cartTotals([priced(12.99, 3)], FIRST_ORDER_PROMO.percentOff)).toEqual({ subtotal: 38.97, discount: 7.79, tax: 3.12, total: 34.3 });
    expect(promoDiscount(50, 150)).toBe(50);
    expect(cartTotals([])).toEqual({ subtotal: 0, discount: 0, tax: 0, total: 0 });
  });
});

describe('cart store (localStorage "cart")', () => {
  it('adds a package as a new line, then raises that line by one', () => {
    addToCart('ig-starter', 1000);
    addToCart('ig-growth', 2000);
    addToCart('ig-starter', 3000);
    expect(readCart().map((l) => [l.id, l.packageId, l.quantity, l.price, l.platform])).toEqual([
      ['ig-starter-1000', 'ig-starter', 2, 15, 'ig'],
      ['ig-growth-2000', 'ig-growth', 1, 65, 'ig'],
    ]);
    expect(() => addToCart('nope')).toThrow(/Unknown package/);
  });

  it('a quantity of 0 or less removes the line; clear empties the cart and the stored key', () => {
    addToCart('tt-viral', 1);
    addToCart('yt-creator', 2);
    setCartQuantity('tt-viral-1', 4);
    expect(readCart()[0]!.quantity).toBe(4);
    setCartQuantity('tt-viral-1', 0);
    expect(readCart().map((l) => l.packageId)).toEqual(['yt-creator']);
    setCartQuantity('yt-creator-2', -1);
    expect(readCart()).toEqual([]);
    addToCart('tt-viral', 3);
    removeFromCart('tt-viral-3');
    expect(readCart()).toEqual([]);
    addToCart('tt-viral', 4);
    clearCart();
    expect(localStorage.getItem('cart')).toBeNull();
  });

  it('ignores (and logs) invalid stored data and never trusts a stored price', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('cart', JSON.stringify([
      { id: 'ig-starter-1', packageId: 'ig-starter', quantity: 2, price: 0.01, name: 'x' },
      { id: 'x', packageId: 'nope', quantity: 1 },
      { id: 'ig-growth-2', packageId: 'ig-growth', quantity: 'two' },
      null,
    ]));
    expect(readCart().map((l) => [l.packageId, l.quantity, l.price, l.name])).toEqual([['ig-starter', 2, pkg('ig-starter').price, 'Starter']]);
    expect(error).toHaveBeenCalledTimes(1);
    localStorage.setItem('cart', '{not json');
    expect(readCart()).toEqual([]);
    localStorage.setItem('cart', '{"a":1}');
    expect(readCart()).toEqual([]);
    expect(error).toHaveBeenCalledTimes(3);
    error.mockRestore();
  });

  it('the header count and the lines follow changes in this tab and in other tabs', () => {
    const count = renderHook(() => useCartCount());
    const lines = renderHook(() => useCart());
    expect(count.result.current).toBe(0);
    act(() => {
      addToCart('ig-starter', 1);
      addToCart('ig-starter', 2);
      addToCart('yt-creator', 3);
    });
    expect(count.result.current).toBe(3);
    expect(lines.result.current).toHaveLength(2);
    // Another tab wrote the cart: the browser fires 'storage' here.
    act(() => {
      localStorage.setItem('cart', JSON.stringify([{ id: 'tt-viral-9', packageId: 'tt-viral', quantity: 5 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: 'cart' }));
    });
    expect(count.result.current).toBe(5);
    act(() => writeCart([]));
    expect(count.result.current).toBe(0);
  });
});
