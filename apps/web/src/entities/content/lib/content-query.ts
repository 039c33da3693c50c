import type { TContentListQuery } from '@agency/contract';
import { addDays, endOfMonth, endOfWeek, startOfMonth, startOfWeek } from 'date-fns';
import type { TContentPlatform, TContentStatus } from './content-utils';

/** Items per page of the Content lists (admin and client). */
export const CONTENT_PAGE_SIZE = 12;
/** A calendar month reads up to this many items at once. */
const CALENDAR_PAGE_SIZE = 200;

/** The Content screens' filters as they sit in the URL (a client's screen has no search or client filter). */
export interface TContentFilters {
  search?: string | undefined;
  status?: string | undefined;
  platform?: string | undefined;
  client?: string | undefined;
}

/** The filters as the API's query parameters (filtering happens in SQL). */
export function contentFilterQuery(f: TContentFilters): TContentListQuery {
  return {
    ...(f.search ? { search: f.search } : {}),
    ...(f.status ? { status: f.status as TContentStatus } : {}),
    ...(f.platform ? { platform: f.platform as TContentPlatform } : {}),
    ...(f.client ? { client: Number(f.client) } : {}),
  };
}

/**
 * The API range a month's calendar shows: from the first day of its first week to the end of its last week, so the
 * greyed days of the neighbouring months show their posts too (the same weeks as buildMonthGrid, Sunday first).
 */
export function calendarRange(month: Date): { scheduled_from: string; scheduled_to: string } {
  return {
    scheduled_from: startOfWeek(startOfMonth(month)).toISOString(),
    scheduled_to: addDays(startOfWeek(endOfWeek(endOfMonth(month))), 7).toISOString(),
  };
}

/** Everything scheduled in the visible weeks of the month, with the same filters, by schedule. */
export function contentCalendarQuery(filters: TContentFilters, month: Date): TContentListQuery {
  return { ...contentFilterQuery(filters), ...calendarRange(month), page_size: CALENDAR_PAGE_SIZE, ordering: 'scheduled_date' };
}
