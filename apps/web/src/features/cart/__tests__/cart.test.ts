import { cartCount, cartTotals, FIRST_ORDER_PROMO, promoDiscount, TAX_RATE } from '@agency/contract';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readCart, useCartCount, writeCart, type TCartItem } from '../lib/cart-storage';

const line = (id: string, price: number, quantity: number): TCartItem => ({
  id,
  serviceId: 'ig-followers',
  name: id,
  price,
  quantity,
  platform: 'instagram',
  features: [],
});

describe('cart pricing (the contract rule)', () => {
  it('counts units and ignores non-positive quantities', () => {
    expect(cartCount([line('a', 15, 2), line('b', 65, 1), line('c', 12, 0), line('d', 12, -3)])).toBe(3);
  });

  it('adds tax on the subtotal without a promo', () => {
    expect(TAX_RATE).toBe(0.1);
    expect(cartTotals([line('a', 15, 2), line('b', 65, 1)])).toEqual({ subtotal: 95, discount: 0, tax: 9.5, total: 104.5 });
  });

  it('takes the promo off before tax and rounds every amount to cents', () => {
    expect(FIRST_ORDER_PROMO.percentOff).toBe(20);
    // 3 × 12.99 = 38.97; 20 % off = 7.79 (7.794); tax 10 % of 31.18 = 3.12 (3.118); total 34.30
    expect(cartTotals([line('a', 12.99, 3)], FIRST_ORDER_PROMO.percentOff)).toEqual({
      subtotal: 38.97,
      discount: 7.79,
      tax: 3.12,
      total: 34.3,
    });
    expect(promoDiscount(50, 150)).toBe(50);
    expect(cartTotals([])).toEqual({ subtotal: 0, discount: 0, tax: 0, total: 0 });
  });
});

describe('cart storage (localStorage "cart")', () => {
  it('reads what was written and ignores malformed lines and invalid JSON', () => {
    writeCart([line('a', 15, 2)]);
    expect(readCart()).toEqual([line('a', 15, 2)]);
    localStorage.setItem('cart', JSON.stringify([line('b', 1, 1), { id: 'x' }, null]));
    expect(readCart()).toEqual([line('b', 1, 1)]);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('cart', '{not json');
    expect(readCart()).toEqual([]);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('the header count follows writes in this tab', () => {
    const { result } = renderHook(() => useCartCount());
    expect(result.current).toBe(0);
    act(() => writeCart([line('a', 15, 2), line('b', 65, 1)]));
    expect(result.current).toBe(3);
    act(() => writeCart([]));
    expect(result.current).toBe(0);
  });
});
