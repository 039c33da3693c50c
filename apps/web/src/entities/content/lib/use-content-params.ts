import { useFilterUrlParams } from '@/lib/use-url-params';
import type { TContentViewMode } from '../components/content-filters';
import { isContentPlatform, isContentStatus } from './content-utils';

/** The Content screens' state in the URL; a client's screen reads no search or client filter. */
export interface TContentParams {
  view: TContentViewMode;
  search: string;
  status: string;
  platform: string;
  client: string;
  page: number;
  /** yyyy-MM of the calendar; '' = this month. */
  month: string;
}

export type TContentParamsUpdate = (patch: Partial<Record<keyof TContentParams, string | number>>) => void;

/** Values left out of the URL. */
const CONTENT_URL_DEFAULTS = { view: 'grid' };

/** Filters, view, page and calendar month in the URL query (the #content hash stays); unknown values read as none. */
export function useContentParams(): { params: TContentParams; update: TContentParamsUpdate } {
  const { params: sp, update } = useFilterUrlParams(CONTENT_URL_DEFAULTS);
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
  return { params, update };
}
