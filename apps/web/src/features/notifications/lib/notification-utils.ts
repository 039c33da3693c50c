import { NOTIFICATION_TARGETS, type TNotification } from '@agency/contract';

/**
 * Where a click on a notification jumps (admin-and-foundations 2.3): the item's own `link` when it is a
 * dashboard hash ('#invoices' or '/dashboard#invoices'), else by notification_type:
 * success → #tasks, info → #messages, warning → #billing, error → #alerts.
 */
export function notificationTarget(n: Pick<TNotification, 'link' | 'notification_type'>): string {
  const link = n.link?.trim();
  if (link && /^#[\w-]+$/.test(link)) return link;
  if (link && /^\/dashboard#[\w-]+$/.test(link)) return link.slice('/dashboard'.length);
  return NOTIFICATION_TARGETS[n.notification_type] ?? NOTIFICATION_TARGETS.info;
}

/**
 * Unread notifications that arrived after the ones already known (the highest id seen so far): the
 * backlog at login never becomes toasts, only what comes in while the app is open. Oldest first.
 */
export function newArrivals(knownMaxId: number, results: readonly TNotification[]): TNotification[] {
  return results.filter((n) => n.id > knownMaxId && !n.read).sort((a, b) => a.id - b.id);
}

export function maxId(results: readonly TNotification[], start = 0): number {
  return results.reduce((m, n) => Math.max(m, n.id), start);
}
