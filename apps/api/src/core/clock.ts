/** The clock every service reads (deps.now); tests pass a fixed one. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const DAY_MS = 86_400_000;

/** A date as its UTC calendar day, YYYY-MM-DD. */
export const utcDate = (d: Date): string => d.toISOString().slice(0, 10);

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const LONG_DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

/**
 * A day as people read it, the product's date format (the web's 'MMM d, yyyy'): '2026-12-31' → 'Dec 31, 2026';
 * `long` spells the month out ('December 31, 2026', documents). A calendar date stays that day; a date-time
 * (Date or ISO string) is read as its UTC day. Every date that goes into a text (notification, e-mail, PDF)
 * is written with this.
 */
export function humanDate(value: string | Date, month: 'short' | 'long' = 'short'): string {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return (month === 'long' ? LONG_DAY : SHORT_DAY).format(date);
}

export const addDays = (d: Date, days: number): Date => new Date(d.getTime() + days * DAY_MS);

/** The UTC calendar month around `now`, [start, end). */
export function utcMonth(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
}

/** A real calendar date (the format regex alone lets 2025-02-30 through). */
export function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
