import { LIMITS, type TNotification } from '@agency/contract';
import { useSyncExternalStore } from 'react';

export interface TNotificationToast {
  notification: TNotification;
  /** Client-side only (admin-and-foundations 3): default true; false keeps the toast until dismissed. */
  autoHide: boolean;
}

/*
 * The notification toasts (admin-and-foundations 2.3, 9): at most 3 unread notifications, newest first,
 * each hiding after 5 s unless autoHide is false. Separate from the generic action toasts.
 */
let items: TNotificationToast[] = [];
const toasted = new Set<number>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

function clearTimer(id: number) {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
}

export function dismissNotificationToast(id: number): void {
  if (!items.some((t) => t.notification.id === id)) return;
  clearTimer(id);
  items = items.filter((t) => t.notification.id !== id);
  emit();
}

/** Show a notification as a toast, once per notification; read ones never show. */
export function pushNotificationToast(notification: TNotification, options: { autoHide?: boolean } = {}): void {
  if (notification.read || toasted.has(notification.id)) return;
  toasted.add(notification.id);
  const autoHide = options.autoHide ?? true;
  const next = [{ notification, autoHide }, ...items];
  for (const dropped of next.slice(LIMITS.maxToasts)) clearTimer(dropped.notification.id);
  items = next.slice(0, LIMITS.maxToasts);
  if (autoHide) {
    timers.set(
      notification.id,
      setTimeout(() => dismissNotificationToast(notification.id), LIMITS.toastAutoHideMs),
    );
  }
  emit();
}

/** Toasts of notifications that are read now go away (the area shows unread ones only). */
export function dismissReadNotificationToasts(readIds: Iterable<number>): void {
  for (const id of readIds) dismissNotificationToast(id);
}

/** Everything goes (mark all read, logout). `forget` also forgets which notifications were shown. */
export function clearNotificationToasts(forget = false): void {
  for (const id of timers.keys()) clearTimer(id);
  items = [];
  if (forget) toasted.clear();
  emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function useNotificationToasts(): TNotificationToast[] {
  return useSyncExternalStore(subscribe, () => items);
}
