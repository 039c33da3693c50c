import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/**
 * The screen's filters live in the URL query (a view survives reload and can be shared). Updates keep the
 * section hash and replace the history entry; empty values are removed.
 */
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

/** A positive page number from the URL, else 1. */
export function pageParam(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

type TParamChanges = Record<string, string | number | null | undefined>;

/**
 * useUrlParams for a filtered list: any change other than the page goes back to page 1 (no `page=1` in the URL),
 * and params equal to their default (e.g. `view=grid`) are left out of the URL. Pass a module-level `defaults`.
 */
export function useFilterUrlParams(defaults: Readonly<Record<string, string>> = {}) {
  const { params, update: set } = useUrlParams();
  const update = useCallback(
    (patch: TParamChanges) => {
      const changes: TParamChanges = { ...patch };
      if (!('page' in patch) || String(patch.page) === '1') changes.page = null;
      for (const [key, value] of Object.entries(defaults)) {
        const next = key in changes ? changes[key] : params.get(key);
        if (next !== null && next !== undefined && String(next) === value) changes[key] = null;
      }
      set(changes);
    },
    [defaults, params, set],
  );
  return { params, update };
}
