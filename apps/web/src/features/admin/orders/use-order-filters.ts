import { useCallback, useMemo } from 'react';
import { useFilterUrlParams } from '@/lib/use-url-params';
import { parseOrderFilters, toUrlChanges, type TOrderFilters } from './order-filters';

/** The order filters live in the URL query next to the section hash; any change but the page goes back to page 1. */
export function useOrderFilters() {
  const { params, update } = useFilterUrlParams();
  const filters = useMemo(() => parseOrderFilters(params), [params]);
  const setFilters = useCallback((patch: Partial<TOrderFilters>) => update(toUrlChanges(patch)), [update]);
  return { filters, setFilters };
}
