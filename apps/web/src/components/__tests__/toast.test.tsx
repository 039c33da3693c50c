import { LIMITS } from '@agency/contract';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showToast, Toaster } from '@/components/ui/toast';

function toastTexts() {
  return within(screen.getByRole('region', { name: 'Notifications' }))
    .queryAllByRole('status')
    .map((t) => t.textContent);
}

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('the same message shown again while it is visible is one toast, whose time starts again', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      showToast('Card saved');
      showToast('Invoice sent');
    });
    act(() => vi.advanceTimersByTime(LIMITS.toastAutoHideMs - 1000));
    act(() => {
      showToast('Card saved');
    });
    // One copy, now the newest.
    expect(toastTexts()).toEqual(['Invoice sent', 'Card saved']);

    // The first showing's time is up: the refreshed toast stays its full 5 s.
    act(() => vi.advanceTimersByTime(1000));
    expect(toastTexts()).toEqual(['Card saved']);
    act(() => vi.advanceTimersByTime(LIMITS.toastAutoHideMs - 1000));
    expect(toastTexts()).toEqual([]);
  });

  it('at most three show at once: a fourth drops the oldest', () => {
    render(<Toaster />);
    act(() => {
      for (const message of ['One', 'Two', 'Three', 'Four']) showToast(message);
    });
    expect(LIMITS.maxToasts).toBe(3);
    expect(toastTexts()).toEqual(['Two', 'Three', 'Four']);
  });
});
