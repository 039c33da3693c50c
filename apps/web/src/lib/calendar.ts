import {
  addDays,
  addMonths,
  endOfMonth,
  endOfWeek,
  format,
  isSameMonth,
  parse,
  startOfMonth,
  startOfWeek,
} from 'date-fns';

export interface TCalendarDay {
  date: Date;
  /** 'yyyy-MM-dd' in local time: the key items are grouped by. */
  key: string;
  inMonth: boolean;
  isToday: boolean;
}

export const WEEKDAY_LABELS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

export function dayKey(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** 'yyyy-MM' → the first day of that month (local); anything else → the current month. */
export function parseMonth(value: string | null | undefined, today: Date = new Date()): Date {
  if (value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return parse(value, 'yyyy-MM', today);
  return startOfMonth(today);
}

export function monthParam(month: Date): string {
  return format(month, 'yyyy-MM');
}

export function shiftMonth(month: Date, by: number): Date {
  return startOfMonth(addMonths(month, by));
}

/** The weeks (Sunday first) that cover the month, including the days of the neighbouring months that fill them. */
export function buildMonthGrid(month: Date, today: Date = new Date()): TCalendarDay[][] {
  const first = startOfWeek(startOfMonth(month));
  const last = endOfWeek(endOfMonth(month));
  const weeks: TCalendarDay[][] = [];
  let week: TCalendarDay[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) {
    week.push({
      date: d,
      key: dayKey(d),
      inMonth: isSameMonth(d, month),
      isToday: dayKey(d) === dayKey(today),
    });
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  return weeks;
}

/** The API range of the visible month: scheduled_from (its first instant) and scheduled_to (the next month's first). */
export function monthRange(month: Date): { scheduled_from: string; scheduled_to: string } {
  return {
    scheduled_from: startOfMonth(month).toISOString(),
    scheduled_to: startOfMonth(addMonths(month, 1)).toISOString(),
  };
}

/** Items by the local day of their scheduled date, each day's items in time order. */
export function groupByDay<T extends { scheduled_date: string }>(items: readonly T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  const sorted = [...items].sort((a, b) => new Date(a.scheduled_date).getTime() - new Date(b.scheduled_date).getTime());
  for (const item of sorted) {
    const d = new Date(item.scheduled_date);
    if (Number.isNaN(d.getTime())) continue;
    const key = dayKey(d);
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  }
  return map;
}
