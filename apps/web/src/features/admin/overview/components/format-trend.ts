/** Trend texts of the overview cards (computed, not the prototype's fixed '+12%' / '+3 this week'). */

export type TTrendDirection = 'up' | 'down' | 'flat';

export interface TTrend {
  text: string;
  direction: TTrendDirection;
}

function oneDecimal(n: number): string {
  const fixed = (Math.round(Math.abs(n) * 10) / 10).toFixed(1);
  return fixed.endsWith('.0') ? fixed.slice(0, -2) : fixed;
}

/** revenue_change_percent → '+12%', '-3.5%', '0%'; '—' when there is no earlier month to compare with. */
export function revenueTrend(percent: number | null | undefined): TTrend {
  if (percent === null || percent === undefined || !Number.isFinite(percent)) return { text: '—', direction: 'flat' };
  const rounded = Math.round(percent * 10) / 10;
  if (rounded === 0) return { text: '0%', direction: 'flat' };
  return rounded > 0
    ? { text: `+${oneDecimal(rounded)}%`, direction: 'up' }
    : { text: `-${oneDecimal(rounded)}%`, direction: 'down' };
}

/** active_clients_gained_this_week → '+3 this week', '-1 this week', '+0 this week'. */
export function clientsGainedTrend(gained: number): TTrend {
  if (gained > 0) return { text: `+${gained} this week`, direction: 'up' };
  if (gained < 0) return { text: `${gained} this week`, direction: 'down' };
  return { text: '+0 this week', direction: 'flat' };
}

/** Content text cut at `max` characters with an ellipsis (overview: 200). */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
