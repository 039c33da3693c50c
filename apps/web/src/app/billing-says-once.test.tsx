import { contract, type TNotification, type TSubscription } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import ClientBillingPage from '@/features/client/billing/billing.page';
import { NotificationsProvider } from '@/features/notifications/notifications-provider';
import { clientSession, serveBillingPage, subscription } from '@/test/billing-fixtures';
import { mockRoute, openSockets, pushServerEvent } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';

/** What the server tells the client when the cancellation is recorded (its subscription.changed notification). */
const CANCELLED: TNotification = {
  id: 41,
  title: 'Subscription cancelled',
  message: 'Your Pro plan ends on Mar 1, 2026.',
  type: 'success',
  notification_type: 'success',
  read: false,
  created_at: '2026-02-10T10:00:00.000Z',
  timestamp: '2026-02-10T10:00:00.000Z',
  link: '#billing',
};

let current: TSubscription | null;

beforeEach(() => {
  current = subscription();
  serveBillingPage(() => current);
  mockRoute(contract.notifications.listNotifications, { status: 200, body: { count: 0, next: null, previous: null, unread_count: 0, results: [] } });
});

describe('the client portal says a billing change once', () => {
  it('cancelling: the page confirms it once; the server’s notification about the Billing on screen is read, not popped up', async () => {
    const marked = mockRoute(contract.notifications.markNotificationRead, ({ params }) => ({ status: 200, body: { ...CANCELLED, id: Number(params.id), read: true } }));
    mockRoute(contract.billing.cancelSubscription, () => {
      current = subscription({ cancel_at_period_end: true });
      pushServerEvent({ type: 'notification.created', notification: CANCELLED });
      return { status: 200, body: current };
    });
    renderWithApi(
      <NotificationsProvider>
        <ClientBillingPage />
      </NotificationsProvider>,
      { session: clientSession(), route: '/dashboard?tab=subscription#billing' },
    );
    const user = userEvent.setup();
    await waitFor(() => expect(openSockets()).toBe(1));

    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));

    expect(await screen.findByText('Subscription cancelled. It ends on Mar 1, 2026.')).toBeInTheDocument();
    await waitFor(() => expect(marked).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument();
    expect(screen.getAllByText(/Subscription cancelled/)).toHaveLength(1);
  });
});
