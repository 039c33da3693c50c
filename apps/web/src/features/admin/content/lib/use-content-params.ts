import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isContentPlatform, isContentStatus } from './content-utils';

export type TContentView = 'grid' | 'list' | 'calendar';

export interface TContentParams {
  view: TContentView;
  search: string;
  status: string;
  platform: string;
  client: string;
  page: number;
  /** yyyy-MM of the calendar; '' = this month. */
  month: string;
}

/** Filters, view, page and calendar month in the URL query (the #content hash stays). */
export function useContentParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const sp = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const view = sp.get('view');
  const params: TContentParams = {
    view: view === 'list' || view === 'calendar' ? view : 'grid',
    search: sp.get('search') ?? '',
    status: isContentStatus(sp.get('status')) ? (sp.get('status') as string) : '',
    platform: isContentPlatform(sp.get('platform')) ? (sp.get('platform') as string) : '',
    client: /^\d+$/.test(sp.get('client') ?? '') ? (sp.get('client') as string) : '',
    page: Math.max(1, Number(sp.get('page')) || 1),
    month: /^\d{4}-\d{2}$/.test(sp.get('month') ?? '') ? (sp.get('month') as string) : '',
  };

  const update = useCallback(
    (patch: Partial<Record<keyof TContentParams, string | number>>) => {
      const next = new URLSearchParams(location.search);
      for (const [k, v] of Object.entries(patch)) {
        if (v === '' || v === undefined || v === null) next.delete(k);
        else next.set(k, String(v));
      }
      if (!('page' in patch)) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      if (next.get('view') === 'grid') next.delete('view');
      const search = next.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    },
    [location.hash, location.pathname, location.search, navigate],
  );
  return { params, update };
}
