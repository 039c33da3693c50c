import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isTaskPriority, isTaskStatus } from './task-utils';

export type TTaskView = 'kanban' | 'list';
const ORDERINGS = ['due_date', '-due_date', 'priority', '-priority', 'created_at', '-created_at'];

export interface TTaskParams {
  view: TTaskView;
  search: string;
  status: string;
  priority: string;
  client: string;
  ordering: string;
  page: number;
}

/** The screen's filters, view, sort and page, kept in the URL query (the #tasks hash stays). */
export function useTaskParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const sp = useMemo(() => new URLSearchParams(location.search), [location.search]);

  const params: TTaskParams = {
    view: sp.get('view') === 'list' ? 'list' : 'kanban',
    search: sp.get('search') ?? '',
    status: isTaskStatus(sp.get('status')) ? (sp.get('status') as string) : '',
    priority: isTaskPriority(sp.get('priority')) ? (sp.get('priority') as string) : '',
    client: /^\d+$/.test(sp.get('client') ?? '') ? (sp.get('client') as string) : '',
    ordering: ORDERINGS.includes(sp.get('ordering') ?? '') ? (sp.get('ordering') as string) : '-created_at',
    page: Math.max(1, Number(sp.get('page')) || 1),
  };

  /** Set some params ('' removes one); any change other than the page goes back to page 1. */
  const update = useCallback(
    (patch: Partial<Record<keyof TTaskParams, string | number>>) => {
      const next = new URLSearchParams(location.search);
      for (const [k, v] of Object.entries(patch)) {
        if (v === '' || v === undefined || v === null) next.delete(k);
        else next.set(k, String(v));
      }
      if (!('page' in patch)) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      if (next.get('view') === 'kanban') next.delete('view');
      if (next.get('ordering') === '-created_at') next.delete('ordering');
      const search = next.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    },
    [location.hash, location.pathname, location.search, navigate],
  );

  return { params, update };
}
