/**
 * The new scheduled_date of an item moved to another day: the same local time of day on `dayKey`
 * ('yyyy-MM-dd', local), as ISO 8601 UTC.
 */
export function rescheduledTo(scheduledIso: string, dayKey: string): string {
  const from = new Date(scheduledIso);
  const [y, m, d] = dayKey.split('-').map(Number) as [number, number, number];
  const to = new Date(y, m - 1, d, from.getHours(), from.getMinutes(), from.getSeconds(), from.getMilliseconds());
  return to.toISOString();
}
