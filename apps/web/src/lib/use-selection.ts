import { useCallback, useState } from 'react';

export interface Selection {
  selected: Set<number>;
  /** Adds or removes one id. */
  toggle: (id: number, checked: boolean) => void;
  /** Adds or removes several ids at once (select all on a page). */
  setMany: (ids: readonly number[], checked: boolean) => void;
  clear: () => void;
  /** Whether every one of these ids is selected. */
  allSelected: (ids: readonly number[]) => boolean;
}

/** A set of selected row ids for bulk actions. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const toggle = useCallback((id: number, checked: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setMany = useCallback((ids: readonly number[], checked: boolean) => {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  const allSelected = useCallback((ids: readonly number[]) => ids.every((id) => selected.has(id)), [selected]);
  return { selected, toggle, setMany, clear, allSelected };
}
