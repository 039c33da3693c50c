import { NOTIFICATION_TARGETS, sectionForRole, type TNotification, type TRole } from '@agency/contract';

/**
 * The section a stored link names, with a view of it: '#invoices', '/dashboard#invoices', a tab ('?tab=leads#clients')
 * or a conversation ('?c=12#messages').
 */
const LINK_SECTION = /^(?:\/dashboard)?(\?(?:tab|c)=[\w-]+)?#([\w-]+)$/;

/**
 * Where a click on a notification jumps, for the reader's role (a search and hash under /dashboard): the item's own
 * `link` when it names a dashboard section (and its tab), else its notification_type as admin-and-foundations 2.3
 * maps it (success → #tasks, info → #messages, warning → #billing, error → #alerts); either way the section of that
 * role that exists and shows the same (an admin's #billing is #invoices; what a role lacks is its #overview). Old rows
 * without a fitting link land right too. The bell, its toasts and the notifications page all jump through this.
 */
export function notificationTarget(n: Pick<TNotification, 'link' | 'notification_type'>, role: TRole): string {
  const [, tab, linked] = LINK_SECTION.exec(n.link?.trim() ?? '') ?? [];
  const byType = (NOTIFICATION_TARGETS[n.notification_type] ?? NOTIFICATION_TARGETS.info).slice(1);
  const section = sectionForRole(role, linked ?? byType);
  // A tab belongs to its own section: it is dropped when the role lands elsewhere.
  return `${tab && section === linked ? tab : ''}#${section}`;
}

/**
 * The reader is already looking at what a new notification is about, so it is read at once and nothing pops up
 * (`here` is the dashboard's search and hash, e.g. '?c=12#messages'):
 * - a message into the conversation open on screen (a client has one conversation);
 * - for a client, anything about the section open on screen: what they just did there (bought a plan on Billing)
 *   is on the screen already, not a pile of toasts over it. Staff still hear of other clients' doings.
 */
export function isAboutWhatIsOnScreen(n: Pick<TNotification, 'link' | 'notification_type'>, role: TRole, here: string): boolean {
  const target = notificationTarget(n, role);
  const sectionOf = (view: string) => view.split('#')[1] ?? '';
  if (sectionOf(target) !== sectionOf(here)) return false;
  if (role === 'client') return true;
  const conversation = (view: string) => new URLSearchParams(view.split('#')[0]).get('c');
  return sectionOf(target) === 'messages' && conversation(target) !== null && conversation(target) === conversation(here);
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
