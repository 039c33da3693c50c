import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  exportQueryString,
  nextSort,
  parseFilters,
  serializeFilters,
  toListQuery,
} from '../invoice-filters';
import { canRecordPayment, canSendReminder } from '../use-invoice-actions';

describe('invoice filters in the URL', () => {
  it('defaults to newest first, all statuses, page 1', () => {
    expect(parseFilters(new URLSearchParams())).toEqual(DEFAULT_FILTERS);
    expect(toListQuery(DEFAULT_FILTERS)).toEqual({ ordering: '-created_at', page: 1, page_size: 20 });
  });

  it('round-trips every filter and ignores malformed values', () => {
    const f = { search: 'acme', status: 'pending', client: '4', from: '2025-01-01', to: '2025-02-01', sort: 'amount', dir: 'asc', page: 3 } as const;
    expect(parseFilters(serializeFilters(f))).toEqual(f);
    expect(parseFilters(new URLSearchParams('status=weird&client=x&from=yesterday&page=-2&sort=name'))).toEqual(DEFAULT_FILTERS);
  });

  it('maps the filters onto the API query', () => {
    const f = { ...DEFAULT_FILTERS, search: '  INV-1 ', status: 'paid' as const, client: '7', from: '2025-03-01', sort: 'status' as const, dir: 'asc' as const };
    expect(toListQuery(f)).toEqual({
      search: 'INV-1',
      status: 'paid',
      client: 7,
      created_from: '2025-03-01',
      ordering: 'status',
      page: 1,
      page_size: 20,
    });
  });

  it('"Overdue" asks for stored overdue and pending past due, not only the stored status', () => {
    const q = toListQuery({ ...DEFAULT_FILTERS, status: 'overdue' });
    expect(q.overdue).toBe(true);
    expect(q.status).toBeUndefined();
    expect(exportQueryString({ ...DEFAULT_FILTERS, status: 'overdue' })).toBe('ordering=-created_at&overdue=true');
  });

  it('sorting: same column flips, a new column starts descending', () => {
    expect(nextSort(DEFAULT_FILTERS, 'created_at')).toEqual({ sort: 'created_at', dir: 'asc' });
    expect(nextSort({ ...DEFAULT_FILTERS, dir: 'asc' }, 'amount')).toEqual({ sort: 'amount', dir: 'desc' });
  });
});

describe('invoice actions', () => {
  it('a payment is recorded only on pending invoices (a failed renewal, stored overdue, is paid with Pay Now)', () => {
    expect(canRecordPayment({ status: 'pending' })).toBe(true);
    expect(canRecordPayment({ status: 'paid' })).toBe(false);
    expect(canRecordPayment({ status: 'overdue' })).toBe(false);
  });
  it('reminders go out for unpaid invoices only', () => {
    expect(canSendReminder({ status: 'paid' })).toBe(false);
    expect(canSendReminder({ status: 'overdue' })).toBe(true);
  });
});
