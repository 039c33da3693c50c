/**
 * How every figure is written, on the screens, in the PDFs, e-mails and CSV alike: one function per kind of
 * number, so 48,384 followers read "48.4K" everywhere. A figure that does not exist (no data for that month, a
 * platform not connected, a post not published) is NO_VALUE, never 0.
 */

/** What stands where a figure has no data. */
export const NO_VALUE = '—';

const isNumber = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/** Ascending: a figure takes the smallest unit in which it rounds below 1,000. */
const UNITS = [
  { from: 1_000, suffix: 'K' },
  { from: 1_000_000, suffix: 'M' },
  { from: 1_000_000_000, suffix: 'B' },
] as const;

/**
 * K from 1,000 and M from 1,000,000 (admin-and-foundations 2.8), rounded to one decimal without a trailing zero:
 * 999 → '999', 1000 → '1K', 48,384 → '48.4K', 5,597,542 → '5.6M', 999,960 → '1M' (a rounding that reaches the
 * next unit takes it).
 */
export function formatCompact(value: number | null | undefined): string {
  if (!isNumber(value)) return NO_VALUE;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  if (Math.round(abs) < 1_000) return `${sign}${Math.round(abs)}`;
  for (const [i, unit] of UNITS.entries()) {
    const scaled = Math.round((abs / unit.from) * 10) / 10;
    if (scaled < 1_000 || i === UNITS.length - 1) return `${sign}${scaled.toLocaleString('en-US', { maximumFractionDigits: 1 })}${unit.suffix}`;
  }
  return NO_VALUE;
}

/** A whole count with thousands separators: 1234 → '1,234'. */
export function formatCount(value: number | null | undefined): string {
  return isNumber(value) ? Math.round(value).toLocaleString('en-US') : NO_VALUE;
}

/** An engagement rate: a fraction in the API, written ×100 with one decimal (0.0403 → '4.0%'). */
export function formatPercent(fraction: number | null | undefined): string {
  return isNumber(fraction) ? `${(fraction * 100).toFixed(1)}%` : NO_VALUE;
}

/**
 * A change in percent (4.2 = +4.2%), signed, one decimal without a trailing zero: 4.25 → '+4.3%', -3 → '-3%',
 * 0 → '0%'; NO_VALUE without an earlier value to compare with (never 0).
 */
export function formatChangePercent(percent: number | null | undefined): string {
  if (!isNumber(percent)) return NO_VALUE;
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return '0%';
  const abs = Math.abs(rounded).toFixed(1).replace(/\.0$/, '');
  return `${rounded > 0 ? '+' : '-'}${abs}%`;
}

/** A signed count: 12 → '+12', -3 → '-3', 0 → '0', each side written by `format`. */
export function formatSignedCount(n: number, format: (v: number) => string = formatCount): string {
  if (n > 0) return `+${format(n)}`;
  if (n < 0) return `-${format(-n)}`;
  return '0';
}

const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** USD without decimals (plans, revenue figures, performance screens and reports): 1500 → '$1,500'. */
export function formatUsd(value: number | string | null | undefined): string {
  return usdWhole.format(Number(value ?? 0) || 0);
}

/** USD with two decimals (invoices, cart, payments): 1500 → '$1,500.00'. */
export function formatUsdCents(value: number | string | null | undefined): string {
  return usdCents.format(Number(value ?? 0) || 0);
}

/** A month of the analytics, 'YYYY-MM' → 'Mar 2025' (short, on chart axes: "Mar '25"); other text as it is. */
export function formatMonth(month: string, short = false): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  const name = date.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  return short ? `${name} '${m[1]!.slice(2)}` : `${name} ${m[1]}`;
}

/** Followers gained over a period, signed (+1.2K); NO_VALUE when no account had a start to grow from (never 0). */
export function formatFollowersGained(gained: number, growthRate: number | null): string {
  return growthRate === null ? NO_VALUE : formatSignedCount(gained, formatCompact);
}
