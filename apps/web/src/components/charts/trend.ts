/**
 * Period-over-period figures of the analytics screens. The API gives a change in percent (4.2 = +4.2%) or null when
 * there is no earlier period to compare with; null is shown '—', never 0.
 */

export type TTrendDirection = 'up' | 'down' | 'flat';

export interface TTrend {
  text: string;
  direction: TTrendDirection;
}

/** 4.25 → '+4.3%', -3 → '-3%', 0 → '0%', null → '—'. */
export function formatChange(percent: number | null | undefined): TTrend {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return { text: '—', direction: 'flat' };
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return { text: '0%', direction: 'flat' };
  const abs = Math.abs(rounded).toFixed(1).replace(/\.0$/, '');
  return rounded > 0 ? { text: `+${abs}%`, direction: 'up' } : { text: `-${abs}%`, direction: 'down' };
}

/** A signed count: 12 → '+12', -3 → '-3', 0 → '0' (daily follower growth). */
export function formatSignedCount(n: number, format: (v: number) => string = (v) => v.toLocaleString('en-US')): string {
  if (n > 0) return `+${format(n)}`;
  if (n < 0) return `-${format(-n)}`;
  return '0';
}

/** 'YYYY-MM' → 'Mar 2025' (short: "Mar '25"); other text is returned as it is. */
export function formatMonth(month: string, short = false): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m) return month;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  const name = date.toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
  return short ? `${name} '${m[1]!.slice(2)}` : `${name} ${m[1]}`;
}
