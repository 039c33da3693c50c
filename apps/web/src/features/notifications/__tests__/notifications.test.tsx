import type { TNotification } from '@agency/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isAboutWhatIsOnScreen, newArrivals, notificationTarget } from '../lib/notification-utils';
import {
  clearNotificationToasts,
  dismissNotificationToast,
  dismissReadNotificationToasts,
  pushNotificationToast,
  useNotificationToasts,
} from '../lib/toast-store';

function note(id: number, overrides: Partial<TNotification> = {}): TNotification {
  return {
    id,
    title: `Note ${id}`,
    message: 'Something happened',
    type: 'info',
    notification_type: 'info',
    read: false,
    created_at: '2026-01-01T00:00:00.000Z',
    timestamp: '2026-01-01T00:00:00.000Z',
    link: null,
    ...overrides,
  };
}

describe('notificationTarget', () => {
  it('jumps by notification_type to the client sections of the spec', () => {
    expect(notificationTarget(note(1, { notification_type: 'info' }), 'client')).toBe('#messages');
    expect(notificationTarget(note(1, { notification_type: 'warning' }), 'client')).toBe('#billing');
  });

  it('takes an admin to the admin section that shows the same (#invoices for #billing)', () => {
    expect(notificationTarget(note(1, { notification_type: 'success' }), 'admin')).toBe('#tasks');
    expect(notificationTarget(note(1, { notification_type: 'info' }), 'admin')).toBe('#messages');
    expect(notificationTarget(note(1, { notification_type: 'warning' }), 'admin')).toBe('#invoices');
    expect(notificationTarget(note(1, { link: '#billing', notification_type: 'warning' }), 'admin')).toBe('#invoices');
  });

  it('lands on overview where the role has no such section (never a hash that falls back silently)', () => {
    expect(notificationTarget(note(1, { notification_type: 'error' }), 'admin')).toBe('#overview');
    expect(notificationTarget(note(1, { notification_type: 'error' }), 'client')).toBe('#overview');
    expect(notificationTarget(note(1, { notification_type: 'success' }), 'client')).toBe('#overview');
    expect(notificationTarget(note(1, { link: '/dashboard#clients' }), 'client')).toBe('#overview');
    // A new lead opens the Leads tab of Clients; a role without Clients lands on its overview, without the tab.
    expect(notificationTarget(note(1, { link: '?tab=leads#clients' }), 'admin')).toBe('?tab=leads#clients');
    expect(notificationTarget(note(1, { link: '?tab=leads#clients' }), 'client')).toBe('#overview');
  });

  it('prefers a dashboard-hash link, for the reader\'s role', () => {
    expect(notificationTarget(note(1, { link: '#invoices', notification_type: 'warning' }), 'admin')).toBe('#invoices');
    expect(notificationTarget(note(1, { link: '#invoices', notification_type: 'warning' }), 'client')).toBe('#billing');
    expect(notificationTarget(note(1, { link: '/dashboard#content' }), 'client')).toBe('#content');
    expect(notificationTarget(note(1, { link: '/dashboard#clients' }), 'admin')).toBe('#clients');
    expect(notificationTarget(note(1, { link: 'https://evil.test/#x', notification_type: 'success' }), 'admin')).toBe('#tasks');
  });
});

describe('newArrivals', () => {
  it('keeps unread notifications newer than the known ones, oldest first', () => {
    const results = [note(12), note(11, { read: true }), note(10), note(9)];
    expect(newArrivals(9, results).map((n) => n.id)).toEqual([10, 12]);
    expect(newArrivals(12, results)).toEqual([]);
  });
});

describe('notification toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearNotificationToasts(true);
  });
  afterEach(() => {
    act(() => clearNotificationToasts(true));
    vi.useRealTimers();
  });

  const ids = (r: { current: { notification: TNotification }[] }) => r.current.map((t) => t.notification.id);

  it('shows at most 3, newest first', () => {
    const { result } = renderHook(() => useNotificationToasts());
    act(() => {
      for (const id of [1, 2, 3, 4]) pushNotificationToast(note(id));
    });
    expect(ids(result)).toEqual([4, 3, 2]);
  });

  it('hides each toast after 5 seconds unless autoHide is false', () => {
    const { result } = renderHook(() => useNotificationToasts());
    act(() => {
      pushNotificationToast(note(1));
      pushNotificationToast(note(2), { autoHide: false });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(ids(result)).toEqual([2, 1]);
    act(() => vi.advanceTimersByTime(1));
    expect(ids(result)).toEqual([2]);
    act(() => vi.advanceTimersByTime(60_000));
    expect(ids(result)).toEqual([2]);
  });

  it('shows a notification once, never a read one, and can be dismissed', () => {
    const { result } = renderHook(() => useNotificationToasts());
    act(() => {
      pushNotificationToast(note(1));
      pushNotificationToast(note(1));
      pushNotificationToast(note(2, { read: true }));
      pushNotificationToast(note(3));
    });
    expect(ids(result)).toEqual([3, 1]);
    act(() => dismissNotificationToast(3));
    expect(ids(result)).toEqual([1]);
    act(() => dismissReadNotificationToasts([1]));
    expect(ids(result)).toEqual([]);
    act(() => pushNotificationToast(note(1)));
    expect(ids(result)).toEqual([]);
  });

  it('clearing (logout) drops all toasts', () => {
    const { result } = renderHook(() => useNotificationToasts());
    act(() => {
      pushNotificationToast(note(1), { autoHide: false });
      pushNotificationToast(note(2));
    });
    act(() => clearNotificationToasts(true));
    expect(ids(result)).toEqual([]);
  });
});

describe('a notification about what is on screen', () => {
  const about = (link: string) => ({ link, notification_type: 'info' as const });

  it('for a client: anything about the section open (what they just did there); nothing about another section', () => {
    expect(isAboutWhatIsOnScreen(about('#billing'), 'client', '?tab=subscription#billing')).toBe(true);
    expect(isAboutWhatIsOnScreen(about('?c=5#messages'), 'client', '#messages')).toBe(true);
    expect(isAboutWhatIsOnScreen(about('#content'), 'client', '#billing')).toBe(false);
  });

  it('for staff: only a message into the conversation open; other clients’ news still pops up', () => {
    expect(isAboutWhatIsOnScreen(about('?c=12#messages'), 'admin', '?filter=all&c=12#messages')).toBe(true);
    expect(isAboutWhatIsOnScreen(about('?c=13#messages'), 'admin', '?c=12#messages')).toBe(false);
    expect(isAboutWhatIsOnScreen(about('#invoices'), 'admin', '#invoices')).toBe(false);
  });
});
