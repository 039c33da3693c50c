import type { TInvoiceExportQuery, TInvoiceListQuery } from '@agency/contract';

export type TStatusFilter = 'all' | 'paid' | 'pending' | 'overdue' | 'refunded';
export type TSortField = 'created_at' | 'amount' | 'status';
export type TSortDir = 'asc' | 'desc';

export interface TInvoiceFilters {
  search: string;
  status: TStatusFilter;
  /** Client id as text ('' = all clients). */
  client: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  sort: TSortField;
  dir: TSortDir;
  page: number;
}

export const DEFAULT_FILTERS: TInvoiceFilters = {
  search: '',
  status: 'all',
  client: '',
  from: '',
  to: '',
  sort: 'created_at',
  dir: 'desc',
  page: 1,
};

export const INVOICE_PAGE_SIZE = 20;

const STATUSES: readonly TStatusFilter[] = ['all', 'paid', 'pending', 'overdue', 'refunded'];
const SORTS: readonly TSortField[] = ['created_at', 'amount', 'status'];
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the filters from the URL query (unknown or malformed values fall back to the defaults). */
export function parseFilters(params: URLSearchParams): TInvoiceFilters {
  const status = params.get('status') as TStatusFilter | null;
  const sort = params.get('sort') as TSortField | null;
  const client = params.get('client') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Number(params.get('page'));
  return {
    search: params.get('q') ?? '',
    status: status && STATUSES.includes(status) ? status : 'all',
    client: /^\d+$/.test(client) ? client : '',
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    sort: sort && SORTS.includes(sort) ? sort : 'created_at',
    dir: params.get('dir') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** Writes the filters into a URL query, leaving defaults out so a plain view keeps a clean URL. */
export function serializeFilters(f: TInvoiceFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set('q', f.search);
  if (f.status !== 'all') p.set('status', f.status);
  if (f.client) p.set('client', f.client);
  if (f.from) p.set('from', f.from);
  if (f.to) p.set('to', f.to);
  if (f.sort !== 'created_at') p.set('sort', f.sort);
  if (f.dir !== 'desc') p.set('dir', f.dir);
  if (f.page > 1) p.set('page', String(f.page));
  return p;
}

/**
 * The API's filters for the list and the export. "Overdue" means what the table flags as overdue:
 * stored overdue or pending past its due date (the API's `overdue=true`).
 */
export function toExportQuery(f: TInvoiceFilters): TInvoiceExportQuery {
  const q: TInvoiceExportQuery = { ordering: `${f.dir === 'desc' ? '-' : ''}${f.sort}` };
  if (f.search.trim()) q.search = f.search.trim();
  if (f.status === 'overdue') q.overdue = true;
  else if (f.status !== 'all') q.status = f.status;
  if (f.client) q.client = Number(f.client);
  if (f.from) q.created_from = f.from;
  if (f.to) q.created_to = f.to;
  return q;
}

export function toListQuery(f: TInvoiceFilters): TInvoiceListQuery {
  return { ...toExportQuery(f), page: f.page, page_size: INVOICE_PAGE_SIZE };
}

/** The export's query string. */
export function exportQueryString(f: TInvoiceFilters): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(toExportQuery(f))) {
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  }
  return p.toString();
}

/** Clicking a sortable header: same column flips the direction; a new column starts descending. */
export function nextSort(f: TInvoiceFilters, field: TSortField): Pick<TInvoiceFilters, 'sort' | 'dir'> {
  if (f.sort === field) return { sort: field, dir: f.dir === 'desc' ? 'asc' : 'desc' };
  return { sort: field, dir: 'desc' };
}

export function hasActiveFilters(f: TInvoiceFilters): boolean {
  return Boolean(f.search.trim() || f.status !== 'all' || f.client || f.from || f.to);
}
