import { formatChange, type TTrend } from '@/lib/format';

/*
 * Trend texts of the overview cards (computed, not the prototype's fixed '+12%' / '+3 this week').
 */

/** revenue_change_percent → '+12%', '-3.5%', '0%'; '—' when there is no earlier month to compare with (lib/format). */
export const revenueTrend = formatChange;

/** active_clients_gained_this_week → '+3 this week', '-1 this week', '+0 this week'. */
export function clientsGainedTrend(gained: number): TTrend {
  if (gained > 0) return { text: `+${gained} this week`, direction: 'up' };
  if (gained < 0) return { text: `${gained} this week`, direction: 'down' };
  return { text: '+0 this week', direction: 'flat' };
}
