import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSelection } from './use-selection';

describe('useSelection', () => {
  it('toggles ids, selects a page at once and clears', () => {
    const { result } = renderHook(() => useSelection());
    act(() => result.current.toggle(1, true));
    act(() => result.current.toggle(2, true));
    act(() => result.current.toggle(1, false));
    expect([...result.current.selected]).toEqual([2]);
    expect(result.current.allSelected([2, 3])).toBe(false);

    act(() => result.current.setMany([2, 3, 4], true));
    expect(result.current.allSelected([2, 3, 4])).toBe(true);
    act(() => result.current.setMany([3, 4], false));
    expect([...result.current.selected]).toEqual([2]);

    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
  });
});
