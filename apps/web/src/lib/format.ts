import { format as formatDate, parseISO } from 'date-fns';
import { formatChangePercent, LIMITS } from '@agency/contract';

/** How figures are written: one definition, shared with the API's PDFs, e-mails and CSV. */
export { formatCompact, formatCount, formatMonth, formatPercent, formatSignedCount, formatUsd, formatUsdCents, NO_VALUE } from '@agency/contract';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Relative time as in admin-and-foundations 2.3: 'Just now' (< 1 min), 'Nm ago' (< 60 min),
 * 'Nh ago' (< 24 h), 'Nd ago' (< 7 d), else a date ('MMM d, yyyy').
 */
export function formatRelativeTime(value: string | number | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const diff = now.getTime() - date.getTime();
  if (diff < MINUTE) return 'Just now';
  if (diff < HOUR) return `${Math.floor(diff / MINUTE)}m ago`;
  if (diff < DAY) return `${Math.floor(diff / HOUR)}h ago`;
  if (diff < LIMITS.weeklyWindowDays * DAY) return `${Math.floor(diff / DAY)}d ago`;
  return formatDate(date, 'MMM d, yyyy');
}

/** formatRelativeTime after a word ("Signed in just now", "Last used 5m ago"). */
export function formatRelativeTimeInSentence(value: string | number | Date, now: Date = new Date()): string {
  const relative = formatRelativeTime(value, now);
  return relative === 'Just now' ? 'just now' : relative;
}

/**
 * How long something has waited since `value`, for "waiting" labels: 'under a minute', '1 minute', '5 minutes',
 * '3 hours', '2 days' (whole units, rounded down; a time in the future counts as just now).
 */
export function formatElapsed(value: string | number | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const diff = Math.max(0, now.getTime() - date.getTime());
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (diff < MINUTE) return 'under a minute';
  if (diff < HOUR) return unit(Math.floor(diff / MINUTE), 'minute');
  if (diff < DAY) return unit(Math.floor(diff / HOUR), 'hour');
  return unit(Math.floor(diff / DAY), 'day');
}

/**
 * 'Mar 3, 2025' from a calendar date (YYYY-MM-DD, read as that day wherever the browser is) or a timestamp (its
 * local day); '—' for none.
 */
export function formatDay(value: string | null | undefined): string {
  if (!value) return '—';
  const d = parseISO(value.length === 10 ? `${value}T00:00:00` : value);
  return Number.isNaN(d.getTime()) ? value : formatDate(d, 'MMM d, yyyy');
}

/** The Date of an ISO value, or null when there is none or it cannot be read. */
function readDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const d = parseISO(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * 'Mar 3, 2025 4:05 PM' in local time; with `seconds`, 'Mar 3, 2025 4:05:09 PM' (log rows are often seconds apart).
 * '—' for none; unreadable text is shown as it came.
 */
export function formatDateTime(value: string | null | undefined, { seconds = false }: { seconds?: boolean } = {}): string {
  const d = readDate(value);
  if (!d) return value || '—';
  return formatDate(d, seconds ? 'MMM d, yyyy h:mm:ss a' : 'MMM d, yyyy h:mm a');
}

/** 'March 3, 2025' (a long day, e.g. when an account was created); unreadable text is shown as it came. */
export function formatLongDay(value: string): string {
  const d = readDate(value);
  return d ? formatDate(d, 'MMMM d, yyyy') : value;
}

/**
 * 'March 3, 2025 at 4:05 PM' in local time, with the weekday first when asked ('Monday, March 3, 2031 at 10:00 AM');
 * '—' when there is none or it cannot be read.
 */
export function formatLongDateTime(value: string | null | undefined, { weekday = false }: { weekday?: boolean } = {}): string {
  const d = readDate(value);
  return d ? formatDate(d, weekday ? "EEEE, MMMM d, yyyy 'at' h:mm a" : "MMMM d, yyyy 'at' h:mm a") : '—';
}

/** 'Mar 3' (a day of the current stretch, the year implied). */
export function formatShortDay(value: string): string {
  const d = readDate(value);
  return d ? formatDate(d, 'MMM d') : value;
}

/** '4:05 PM': the local time of day of a moment. */
export function formatTime(value: string): string {
  const d = readDate(value);
  return d ? formatDate(d, 'h:mm a') : value;
}

export type TTrendDirection = 'up' | 'down' | 'flat';

export interface TTrend {
  text: string;
  direction: TTrendDirection;
}

/**
 * A period-over-period change: the API gives percent (4.2 = +4.2%) or null when there is no earlier period to
 * compare with, which shows '—', never 0. 4.25 → '+4.3%', -3 → '-3%', 0 → '0%'.
 */
export function formatChange(percent: number | null | undefined): TTrend {
  const text = formatChangePercent(percent);
  return { text, direction: text.startsWith('+') ? 'up' : text.startsWith('-') ? 'down' : 'flat' };
}

/** Text cut at `max` characters with an ellipsis (content previews). */
/** An IPv4 address the server saw over IPv6 ("::ffff:203.0.113.7") reads as the IPv4 address; none reads "—". */
export function displayIp(ip: string | null | undefined): string {
  return ip ? ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') : '—';
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}

/** Badge count with the spec's cap: 10 → '9+'. */
export function formatBadgeCount(count: number, cap: number = LIMITS.badgeCap): string {
  return count > cap ? `${cap}+` : String(count);
}

interface TNamed {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
}

/** Display name: name, else first and last name, else email. */
export function displayName(user: TNamed | null | undefined): string {
  if (!user) return '';
  const name = user.name?.trim();
  if (name) return name;
  const full = [user.first_name?.trim(), user.last_name?.trim()].filter(Boolean).join(' ');
  if (full) return full;
  return user.email?.trim() ?? '';
}

/** Initials: first letters of the first two words, upper case ('Ada Lovelace King' → 'AL'). */
export function initials(text: string | null | undefined): string {
  const words = (text ?? '').trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

/**
 * Message of a failed response (admin-and-foundations 8): the body's error, message or detail field,
 * else 'HTTP error! status: {code}'.
 */
export function errorMessageFromBody(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const key of ['error', 'message', 'detail'] as const) {
      const v = b[key];
      if (typeof v === 'string' && v.trim()) return v;
    }
  }
  return `HTTP error! status: ${status}`;
}

/** Message for anything a ts-rest call or query may throw or return. */
export function errorMessage(err: unknown, fallback = 'An unexpected error occurred'): string {
  // A ts-rest answer ({ status, body }); a DownloadError carries the server's words in its message instead.
  if (err && typeof err === 'object' && 'status' in err && typeof (err as { status: unknown }).status === 'number' && !(err instanceof Error)) {
    const e = err as { status: number; body?: unknown };
    return errorMessageFromBody(e.body, e.status);
  }
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
