import { contract, type TNotification } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { RealtimeProvider } from '@/entities/refresh/realtime-provider';
import { apiRequests, mockRoute, openSockets, pushServerEvent } from '@/test/mock-api';
import { renderWithApi, TEST_USER, testSession } from '@/test/render';
import { NotificationBell } from '../components/notification-bell';
import { NotificationsProvider } from '../notifications-provider';
import { clearNotificationToasts } from '../lib/toast-store';

function note(id: number, overrides: Partial<TNotification> = {}): TNotification {
  return {
    id,
    title: `Note ${id}`,
    message: `Something happened (${id})`,
    type: 'info',
    notification_type: 'info',
    read: false,
    created_at: '2025-06-15T11:00:00.000Z',
    timestamp: '2025-06-15T11:00:00.000Z',
    link: null,
    ...overrides,
  };
}

const CLIENT_USER = { ...TEST_USER, id: 2, role: 'client' as const, client_id: 5 };

/** The server's notifications of the signed-in user, served through the contract's routes. */
let notes: TNotification[] = [];

function serveNotifications() {
  const list = mockRoute(contract.notifications.listNotifications, () => ({
    status: 200,
    body: { count: notes.length, next: null, previous: null, unread_count: notes.filter((n) => !n.read).length, results: notes },
  }));
  const markAll = mockRoute(contract.notifications.markAllNotificationsRead, () => {
    const updated = notes.filter((n) => !n.read).length;
    notes = notes.map((n) => ({ ...n, read: true }));
    return { status: 200, body: { updated } };
  });
  const markOne = mockRoute(contract.notifications.markNotificationRead, ({ params }) => {
    const found = notes.find((n) => n.id === Number(params.id));
    if (!found) return { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
    notes = notes.map((n) => (n.id === found.id ? { ...n, read: true } : n));
    return { status: 200, body: { ...found, read: true } };
  });
  return { list, markAll, markOne };
}

beforeEach(() => {
  notes = [note(3), note(2, { notification_type: 'warning' }), note(1, { read: true })];
  clearNotificationToasts(true);
});

async function openBell() {
  const user = userEvent.setup();
  const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
  // Radix opens the menu on pointerdown, which jsdom does not model; the keyboard path is the same menu.
  bell.focus();
  await user.keyboard('{Enter}');
  // The open menu is named by its trigger (aria-labelledby).
  return { user, menu: await screen.findByRole('menu', { name: 'Notifications, 2 unread' }) };
}

describe('NotificationBell against the contract mock API', () => {
  it('asks for the 10 newest and shows them with the unread badge', async () => {
    const { list } = serveNotifications();
    renderWithApi(<NotificationBell />);
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('2');
    expect(list[0]!.url.searchParams.get('page_size')).toBe('10');

    const { menu } = await openBell();
    expect(within(menu).getAllByTestId('bell-notification').map((el) => within(el).getByText(/^Note \d$/).textContent)).toEqual([
      'Note 3',
      'Note 2',
      'Note 1',
    ]);
    expect(within(menu).getByText('(2 unread)')).toBeInTheDocument();
  });

  it('"Mark all as read" calls the route, clears the badge at once and refetches the list', async () => {
    const { list, markAll } = serveNotifications();
    renderWithApi(<NotificationBell />);
    const { user, menu } = await openBell();
    await user.click(within(menu).getByRole('menuitem', { name: 'Mark all as read' }));

    await waitFor(() => expect(markAll).toHaveLength(1));
    expect(markAll[0]!.url.pathname).toBe('/api/notifications/mark_all_read/');
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await waitFor(() => expect(list.length).toBeGreaterThanOrEqual(2));
    expect(within(menu).getByRole('menuitem', { name: 'Mark all as read' })).toHaveAttribute('data-disabled');
  });

  it('opening an unread notification marks it read and jumps to its section', async () => {
    const { markOne } = serveNotifications();
    renderWithApi(<NotificationBell />, { session: testSession(CLIENT_USER) });
    const { user, menu } = await openBell();
    await user.click(within(menu).getByText('Note 2'));
    await waitFor(() => expect(markOne.map((r) => r.url.pathname)).toEqual(['/api/notifications/2/mark_read/']));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#billing');
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
  });

  it('takes an admin to #invoices for a billing (warning) notification, as admins have no #billing', async () => {
    serveNotifications();
    renderWithApi(<NotificationBell />);
    const { user, menu } = await openBell();
    await user.click(within(menu).getByText('Note 2'));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#invoices');
  });

  it('refreshes when the socket pushes notification.created (the contract protocol)', async () => {
    serveNotifications();
    renderWithApi(
      <RealtimeProvider>
        <NotificationBell />
      </RealtimeProvider>,
    );
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('2');
    await waitFor(() => expect(openSockets()).toBe(1));
    expect(apiRequests({ route: contract.auth.wsTicket })).toHaveLength(1);

    const fresh = note(4, { title: 'Invoice paid', notification_type: 'success' });
    notes = [fresh, ...notes];
    pushServerEvent({ type: 'notification.created', notification: fresh });
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('3'));
  });

  it('a message into the conversation open on screen is read at once, with no toast; one from another conversation pops up', async () => {
    const { markOne } = serveNotifications();
    renderWithApi(
      <NotificationsProvider>
        <NotificationBell />
      </NotificationsProvider>,
      { route: '/dashboard?c=12#messages' },
    );
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('2');
    await waitFor(() => expect(openSockets()).toBe(1));

    const here = note(4, { title: 'New message', message: 'Cora Client: see you Monday', link: '?c=12#messages' });
    notes = [here, ...notes];
    pushServerEvent({ type: 'notification.created', notification: here });
    await waitFor(() => expect(markOne).toHaveLength(1));
    expect(markOne[0]!.params.id).toBe('4');
    expect(screen.queryByTestId('notification-toast')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('2'));

    const elsewhere = note(5, { title: 'New message', message: 'Dan Other: hello', link: '?c=13#messages' });
    notes = [elsewhere, ...notes];
    pushServerEvent({ type: 'notification.created', notification: elsewhere });
    expect(await screen.findByTestId('notification-toast')).toHaveTextContent('Dan Other: hello');
    expect(markOne).toHaveLength(1);
  });
});
