import { isContentPlatform, isContentStatus } from '@/entities/content/lib/content-utils';
import { useFilterUrlParams } from '@/lib/use-url-params';

import type { TContentViewMode } from '@/entities/content/components/content-filters';

export type TClientContentView = TContentViewMode;

export interface TClientContentParams {
  view: TClientContentView;
  status: string;
  platform: string;
  page: number;
  /** yyyy-MM of the calendar; '' = this month. */
  month: string;
}

const DEFAULTS = { view: 'grid' };

/** View, filters, page and calendar month in the URL query (the #content hash stays). */
export function useClientContentParams() {
  const { params: sp, update } = useFilterUrlParams(DEFAULTS);
  const view = sp.get('view');
  const params: TClientContentParams = {
    view: view === 'list' || view === 'calendar' ? view : 'grid',
    status: isContentStatus(sp.get('status')) ? (sp.get('status') as string) : '',
    platform: isContentPlatform(sp.get('platform')) ? (sp.get('platform') as string) : '',
    page: Math.max(1, Number(sp.get('page')) || 1),
    month: /^\d{4}-\d{2}$/.test(sp.get('month') ?? '') ? (sp.get('month') as string) : '',
  };
  return { params, update: update as (patch: Partial<Record<keyof TClientContentParams, string | number>>) => void };
}
