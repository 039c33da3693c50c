import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** The screen's view state in the URL query (survives reload); keeps the section hash, replaces history. */
export function useUrlParams() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>) => {
      const next = new URLSearchParams(location.search);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      const search = next.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    },
    [location.hash, location.pathname, location.search, navigate],
  );
  return { params, update };
}
