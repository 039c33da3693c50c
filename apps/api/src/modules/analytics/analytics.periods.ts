import { ANALYTICS_PERIODS } from '@agency/contract';

/** The periods of the analytics screens and how many calendar months each spans. */
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

export const PERIOD_MONTHS: Record<AnalyticsPeriod, number> = { '1month': 1, '3months': 3, '6months': 6, '1year': 12 };

export const PERIOD_LABELS: Record<AnalyticsPeriod, string> = {
  '1month': 'Last month',
  '3months': 'Last 3 months',
  '6months': 'Last 6 months',
  '1year': 'Last 12 months',
};

const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** The same instant `months` calendar months away (UTC), the day clamped to the target month's length. */
export function addMonths(d: Date, months: number): Date {
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      target.getUTCFullYear(),
      target.getUTCMonth(),
      Math.min(d.getUTCDate(), lastDay),
      d.getUTCHours(),
      d.getUTCMinutes(),
      d.getUTCSeconds(),
      d.getUTCMilliseconds(),
    ),
  );
}

/** The 1st of the UTC month of `d`, `offset` months away. */
export const monthStart = (d: Date, offset = 0): Date => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));

/** 'YYYY-MM' of a date's UTC month. */
export const monthKey = (d: Date): string => d.toISOString().slice(0, 7);

/** 'YYYY-MM' → its first instant (UTC). */
export const parseMonth = (month: string): Date => new Date(`${month}-01T00:00:00.000Z`);

/** 'YYYY-MM' → a stable row number, 202611. */
export const monthRowId = (month: string): number => Number(month.replace('-', ''));

const MONTH_NAME = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' });
/** 'November 2026'. */
export const monthName = (month: string): string => MONTH_NAME.format(parseMonth(month));

/**
 * A rolling window of a period ending now, and the window of the same length just before it. `end` is just past
 * `now` so a snapshot taken at this instant is in.
 */
export function rollingWindows(now: Date, months: number) {
  const end = new Date(now.getTime() + 1);
  const start = addMonths(now, -months);
  const previousStart = addMonths(now, -2 * months);
  return { start, end, previousStart };
}

/** A percent change rounded to one decimal; null without a base to compare with (none, or zero). */
export function percentChange(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

export const oneDecimal = (v: number) => Math.round(v * 10) / 10;

/** An engagement fraction as the API sends it: four decimals, within 0..1. */
export const fraction = (v: number | null | undefined): number =>
  v === null || v === undefined ? 0 : Math.min(1, Math.max(0, Math.round(v * 10_000) / 10_000));
