import { contract, type TNotification } from '@agency/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import NotificationsPage from '../notifications.page';

const OVERDUE: TNotification = {
  id: 7,
  title: 'Invoice overdue',
  message: 'Urban Thread Apparel has 2 overdue invoices',
  type: 'warning',
  notification_type: 'warning',
  read: true,
  created_at: '2025-06-15T11:00:00.000Z',
  timestamp: '2025-06-15T11:00:00.000Z',
  link: null,
};

describe('#notifications', () => {
  it('opens an admin\u2019s invoice notification on #invoices, the section admins have for billing', async () => {
    mockRoute(contract.notifications.listNotifications, {
      status: 200,
      body: { count: 1, next: null, previous: null, unread_count: 0, results: [OVERDUE] },
    });
    renderWithApi(<NotificationsPage />, { route: '/dashboard#notifications' });
    await userEvent.click(await screen.findByRole('button', { name: 'Invoice overdue' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#invoices');
  });
});
