import { INTAKE_STATUSES, ORDER_ITEM_STATUSES, ORDER_STATUSES, type TIntakeStatus, type TOrderItemStatus, type TOrderListQuery } from '@agency/contract';

export type TOrderSortField = 'created_at' | 'total';
export type TSortDir = 'asc' | 'desc';
type TPaymentStatus = (typeof ORDER_STATUSES)[number];

/** The orders screen's filters, as read from the URL query. */
export interface TOrderFilters {
  search: string;
  /** Payment status ('' = all). */
  status: TPaymentStatus | '';
  /** Delivery status of a line ('' = all). */
  delivery: TOrderItemStatus | '';
  overdue: boolean;
  /** The paid order's intake form status ('' = any). */
  intake: TIntakeStatus | '';
  /** Client id as text ('' = all clients). */
  client: string;
  sort: TOrderSortField;
  dir: TSortDir;
  page: number;
}

export const ORDER_PAGE_SIZE = 20;

/** The URL names of the filters (q, status, delivery, overdue=1, intake, client, sort, dir, page). */
export function parseOrderFilters(params: URLSearchParams): TOrderFilters {
  const status = params.get('status') ?? '';
  const delivery = params.get('delivery') ?? '';
  const client = params.get('client') ?? '';
  const intake = params.get('intake') ?? '';
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as TPaymentStatus) : '',
    delivery: (ORDER_ITEM_STATUSES as readonly string[]).includes(delivery) ? (delivery as TOrderItemStatus) : '',
    overdue: params.get('overdue') === '1',
    intake: (INTAKE_STATUSES as readonly string[]).includes(intake) ? (intake as TIntakeStatus) : '',
    client: /^\d+$/.test(client) ? client : '',
    sort: params.get('sort') === 'total' ? 'total' : 'created_at',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The URL changes for a filter patch (defaults removed, so a plain view keeps a clean URL). */
export function toUrlChanges(patch: Partial<TOrderFilters>): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  if ('search' in patch) out.q = patch.search?.trim() || null;
  if ('status' in patch) out.status = patch.status || null;
  if ('delivery' in patch) out.delivery = patch.delivery || null;
  if ('overdue' in patch) out.overdue = patch.overdue ? '1' : null;
  if ('intake' in patch) out.intake = patch.intake || null;
  if ('client' in patch) out.client = patch.client || null;
  if ('sort' in patch) out.sort = patch.sort === 'created_at' ? null : (patch.sort ?? null);
  if ('dir' in patch) out.dir = patch.dir === 'asc' ? 'asc' : null;
  if ('page' in patch) out.page = patch.page && patch.page > 1 ? patch.page : null;
  return out;
}

/** The API query for the list. */
export function toOrderListQuery(f: TOrderFilters): TOrderListQuery {
  const q: TOrderListQuery = { page: f.page, page_size: ORDER_PAGE_SIZE, ordering: `${f.dir === 'desc' ? '-' : ''}${f.sort}` };
  if (f.search.trim()) q.search = f.search.trim();
  if (f.status) q.status = f.status;
  if (f.delivery) q.delivery = f.delivery;
  if (f.overdue) q.overdue = 'true';
  if (f.intake) q.intake = f.intake;
  if (f.client) q.client = Number(f.client);
  return q;
}

export function hasActiveOrderFilters(f: TOrderFilters): boolean {
  return Boolean(f.search.trim() || f.status || f.delivery || f.overdue || f.intake || f.client);
}

export const CLEARED_FILTERS: Partial<TOrderFilters> = { search: '', status: '', delivery: '', overdue: false, intake: '', client: '' };

/** Clicking a sortable header: same column flips the direction; a new column starts descending. */
export function nextOrderSort(f: Pick<TOrderFilters, 'sort' | 'dir'>, field: TOrderSortField): Pick<TOrderFilters, 'sort' | 'dir'> {
  if (f.sort === field) return { sort: field, dir: f.dir === 'desc' ? 'asc' : 'desc' };
  return { sort: field, dir: 'desc' };
}
