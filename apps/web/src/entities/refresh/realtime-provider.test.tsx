import { contract } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiRequests, endRealtimeSessions, mockRoute, openSockets } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { tsr } from '@/lib/tsr';
import { RealtimeProvider } from './realtime-provider';

/** Anything the page shows: here the open tasks' count. */
function TaskCount() {
  const { data } = tsr.tasks.listTasks.useQuery({ queryKey: ['tasks', 'count'], queryData: { query: {} } });
  return <p>{data ? `${data.body.count} tasks` : 'Loading'}</p>;
}

describe('when the server ends the socket’s session (a role, assignment or team permission changed)', () => {
  it('reads what the page shows again once the socket is back with a fresh ticket, not before', async () => {
    let count = 3;
    mockRoute(contract.tasks.listTasks, () => ({ status: 200, body: { count, next: null, previous: null, results: [] } }));
    renderWithApi(
      <RealtimeProvider>
        <TaskCount />
      </RealtimeProvider>,
    );
    expect(await screen.findByText('3 tasks')).toBeInTheDocument();
    await waitFor(() => expect(openSockets()).toBe(1));
    const listsBefore = apiRequests({ route: contract.tasks.listTasks }).length;

    count = 1; // what the new role reaches
    endRealtimeSessions();
    expect(await screen.findByText('1 tasks', {}, { timeout: 5000 })).toBeInTheDocument();
    // The reload came after the new ticket: a browser that replaced its own token (a password change) asks with it.
    const requests = apiRequests();
    const secondTicket = requests.filter((r) => r.url.pathname.endsWith('/auth/ws-ticket/'))[1];
    expect(secondTicket).toBeDefined();
    const reload = apiRequests({ route: contract.tasks.listTasks })[listsBefore];
    expect(requests.indexOf(reload!)).toBeGreaterThan(requests.indexOf(secondTicket!));
  });
});
