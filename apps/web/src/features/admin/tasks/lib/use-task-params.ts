import { useFilterUrlParams } from '@/lib/use-url-params';
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

/** Values left out of the URL. */
const TASK_URL_DEFAULTS = { view: 'kanban', ordering: '-created_at' };

/** The screen's filters, view, sort and page, kept in the URL query (the #tasks hash stays). */
export function useTaskParams() {
  const { params: sp, update: set } = useFilterUrlParams(TASK_URL_DEFAULTS);

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
  const update: (patch: Partial<Record<keyof TTaskParams, string | number>>) => void = set;

  return { params, update };
}
