import { contract, ZMessageSchema, type TMessage } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_USER } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import { RecentMessages } from '../components/recent-messages';

function message(id: number, overrides: Partial<TMessage>): TMessage {
  return { ...generateMock(ZMessageSchema, { seed: id }), id, attachment: null, read: true, ...overrides };
}

describe('Recent Messages with a client team', () => {
  it('"You" is the signed-in person; another person of the client’s team and the agency show by name', async () => {
    mockRoute(contract.messages.listMessages, {
      status: 200,
      body: {
        count: 3,
        next: null,
        previous: null,
        results: [
          message(1, { sender: 99, sender_name: 'Alex Morgan', sender_role: 'admin', content: 'Updated the third one.' }),
          message(2, { sender: 31, sender_name: 'Olivia Reed', sender_role: 'client', content: 'Approved, thanks!' }),
          message(3, { sender: CLIENT_USER.id, sender_name: 'Cora Client', sender_role: 'client', content: 'Could we boost the Reel?' }),
        ],
      },
    });
    renderWithApi(<RecentMessages onSend={vi.fn()} />, { session: testSession({ ...CLIENT_USER, client_permission: 'content' }) });
    const items = within(await screen.findByRole('list', { name: 'Recent messages' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Alex Morgan');
    expect(items[1]).toHaveTextContent('Olivia Reed');
    expect(items[2]).toHaveTextContent('You');
    expect(items[2]).not.toHaveTextContent('Cora Client');
  });
});
