import { isContentPlatform, isContentStatus } from '@/entities/content/lib/content-utils';
import { useFilterUrlParams } from '@/lib/use-url-params';

import type { TContentViewMode } from '@/entities/content/components/content-filters';

export type TContentView = TContentViewMode;

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

/** Values left out of the URL. */
const CONTENT_URL_DEFAULTS = { view: 'grid' };

/** Filters, view, page and calendar month in the URL query (the #content hash stays). */
export function useContentParams() {
  const { params: sp, update: set } = useFilterUrlParams(CONTENT_URL_DEFAULTS);
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

  const update: (patch: Partial<Record<keyof TContentParams, string | number>>) => void = set;
  return { params, update };
}
