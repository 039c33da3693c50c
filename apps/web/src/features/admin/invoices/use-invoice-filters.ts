import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { parseFilters, serializeFilters, type TInvoiceFilters } from './invoice-filters';

/**
 * The invoice filters live in the URL query (?q=&status=&client=&from=&to=&sort=&dir=&page=) next to the
 * section hash, so a view survives reload and can be shared. Changing any filter other than the page goes
 * back to page 1.
 */
export function useInvoiceFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseFilters(new URLSearchParams(location.search)), [location.search]);

  const setFilters = useCallback(
    (patch: Partial<TInvoiceFilters>) => {
      const next: TInvoiceFilters = { ...filters, ...patch, page: patch.page ?? 1 };
      const qs = serializeFilters(next).toString();
      navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '', hash: location.hash }, { replace: true });
    },
    [filters, navigate, location.pathname, location.hash],
  );

  return { filters, setFilters };
}
