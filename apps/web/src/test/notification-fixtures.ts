import type { TNotification } from '@agency/contract';

/** A pushed notification as the realtime tests send it. */
export const PUSHED_NOTIFICATION: TNotification = {
  id: 7,
  title: 'New invoice',
  message: 'Invoice INV-1 is due',
  type: 'warning',
  notification_type: 'warning',
  read: false,
  created_at: '2026-01-01T00:00:00.000Z',
  timestamp: '2026-01-01T00:00:00.000Z',
  link: '#billing',
};
