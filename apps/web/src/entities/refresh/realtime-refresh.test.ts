import { PUSHED_NOTIFICATION } from '@/test/notification-fixtures';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { dispatchRealtimeEvent } from './realtime-refresh';

const notification = PUSHED_NOTIFICATION;

describe('dispatchRealtimeEvent', () => {
  function cache() {
    const qc = new QueryClient();
    const invalidate = vi.spyOn(qc, 'invalidateQueries');
    const keys = () => invalidate.mock.calls.map((c) => (c[0] as { queryKey: unknown[] }).queryKey);
    return { qc, keys };
  }

  it('a new notification invalidates the notification lists and becomes a toast', () => {
    const { qc, keys } = cache();
    const onNotification = vi.fn();
    dispatchRealtimeEvent({ type: 'notification.created', notification }, qc, { onNotification });
    expect(keys()).toEqual([['notifications']]);
    expect(onNotification).toHaveBeenCalledWith(notification);
  });

  it('messages and read ticks refresh the message queries', () => {
    const { qc, keys } = cache();
    dispatchRealtimeEvent({ type: 'message.created', messageId: 5, clientId: 2 }, qc);
    dispatchRealtimeEvent({ type: 'message.read', messageIds: [5], clientId: 2 }, qc);
    expect(keys()).toEqual([['messages'], ['messages']]);
  });

  it('presence changes refresh presence, the team strip and staff', () => {
    const { qc, keys } = cache();
    dispatchRealtimeEvent({ type: 'presence.changed', userId: 1, status: 'online' }, qc);
    expect(keys()).toEqual([['presence'], ['messages', 'team'], ['staff']]);
  });

  it('an intake form asked for, sent or skipped refreshes intake forms and the orders waiting on them', () => {
    const { qc, keys } = cache();
    dispatchRealtimeEvent({ type: 'intake.changed', clientId: 2, intakeId: 9 }, qc);
    expect(keys()).toEqual([['intake'], ['orders'], ['invoices'], ['billing'], ['dashboard']]);
  });
});
