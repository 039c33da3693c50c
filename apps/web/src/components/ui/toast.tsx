import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useEffect, useId, useSyncExternalStore, type ReactNode } from 'react';
import { LIMITS } from '@agency/contract';
import { cn } from '@/lib/cn';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

/*
 * A tiny global toast store: useToast() works anywhere (no provider required). <Toaster /> renders the
 * aria-live region; when several are mounted only the first one renders, so pages and the app root may
 * both mount one safely. Toasts auto-hide after 5 s; at most 3 show at once (the oldest go first), and a
 * message that is still showing is not stacked again: that toast becomes the newest and its 5 s restart.
 */
let toasts: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const mountedToasters: string[] = [];
const toasterListeners = new Set<() => void>();
const NO_TOASTS: ToastItem[] = [];

function emit() {
  for (const l of listeners) l();
}

function clearTimer(id: number) {
  const t = timers.get(id);
  if (t) clearTimeout(t);
  timers.delete(id);
}

export function dismissToast(id: number): void {
  clearTimer(id);
  toasts = toasts.filter((x) => x.id !== id);
  emit();
}

/** Every toast gone at once (the store outlives a rendered tree: tests start each case empty). */
export function dismissAllToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  toasts = [];
  emit();
}

export function showToast(message: string, tone: ToastTone = 'success'): number {
  // The same message again keeps its toast (and id): it is refreshed instead of stacked a second time.
  const id = toasts.find((t) => t.message === message)?.id ?? nextId++;
  clearTimer(id);
  const next = [...toasts.filter((t) => t.id !== id), { id, message, tone }];
  for (const dropped of next.slice(0, -LIMITS.maxToasts)) clearTimer(dropped.id);
  toasts = next.slice(-LIMITS.maxToasts);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), LIMITS.toastAutoHideMs),
  );
  emit();
  return id;
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToast() {
  return {
    toast: showToast,
    success: (message: string) => showToast(message, 'success'),
    error: (message: string) => showToast(message, 'error'),
    info: (message: string) => showToast(message, 'info'),
    dismiss: dismissToast,
  };
}

function subscribeToasters(l: () => void) {
  toasterListeners.add(l);
  return () => toasterListeners.delete(l);
}

const icons: Record<ToastTone, ReactNode> = {
  success: <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0 text-success-600" />,
  error: <XCircle aria-hidden className="h-5 w-5 shrink-0 text-danger-600" />,
  info: <Info aria-hidden className="h-5 w-5 shrink-0 text-info-600" />,
};

/** The toast region. Mount once near the root (or in a page); duplicates render nothing. */
export function Toaster() {
  const id = useId();
  useEffect(() => {
    mountedToasters.push(id);
    for (const l of toasterListeners) l();
    return () => {
      const i = mountedToasters.indexOf(id);
      if (i >= 0) mountedToasters.splice(i, 1);
      for (const l of toasterListeners) l();
    };
  }, [id]);
  // Nothing while prerendering and hydrating (the server snapshots): the region mounts right after.
  const first = useSyncExternalStore(subscribeToasters, () => mountedToasters[0] ?? null, () => null);
  const items = useSyncExternalStore(subscribe, () => toasts, () => NO_TOASTS);
  if (first !== id) return null;
  return (
    <div
      aria-live="polite"
      role="region"
      aria-label="Notifications"
      className="pointer-events-none fixed right-4 bottom-4 left-4 z-[60] flex flex-col items-end gap-2 sm:left-auto"
    >
      {items.map((t) => (
        <div
          key={t.id}
          role={t.tone === 'error' ? 'alert' : 'status'}
          className={cn(
            'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border bg-surface p-3 text-sm text-fg shadow-overlay',
            t.tone === 'error' ? 'border-danger-600/30' : 'border-border',
          )}
        >
          {icons[t.tone]}
          <p className="flex-1">{t.message}</p>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label="Dismiss"
            className="rounded-sm text-fg-subtle hover:text-fg"
          >
            <X aria-hidden className="h-4 w-4" />
          </button>
        </div>
      ))}
    </div>
  );
}

/** Optional wrapper: children plus a Toaster. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
