import { contract, type TContentComment } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CLIENT_USER } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession } from '@/test/render';
import { ContentComments, INTERNAL_NOTE } from '../components/content-comments';

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function comment(overrides: Partial<TContentComment>): TContentComment {
  return {
    id: 1,
    content: 42,
    author: 5,
    author_name: 'Sam Staff',
    author_role: 'admin',
    body: 'Looks good',
    visibility: 'shared',
    mentions: [],
    created_at: '2026-03-01T09:00:00Z',
    ...overrides,
  };
}

/** Ada Admin (id 1, the signed-in staff member), Sam Staff and the client's login Cora Client. */
function mockPeople() {
  mockRoute(contract.content.listMentionable, {
    status: 200,
    body: {
      results: [
        { id: 1, name: 'Ada Admin', role: 'admin' },
        { id: 5, name: 'Sam Staff', role: 'admin' },
        { id: 2, name: 'Cora Client', role: 'client' },
      ],
    },
  });
}

describe('content comments (staff)', () => {
  it('lists the comments and marks the internal ones', async () => {
    mockPeople();
    mockRoute(contract.content.listContentComments, {
      status: 200,
      body: page([
        comment({ id: 1, body: 'Client asked for a warmer tone', visibility: 'internal' }),
        comment({ id: 2, author: 2, author_name: 'Cora Client', author_role: 'client', body: 'Can we post at 9?', mentions: [{ id: 5, name: 'Sam Staff' }] }),
      ]),
    });
    renderWithApi(<ContentComments contentId={42} viewer="staff" />);
    const list = await screen.findByRole('list', { name: 'Comments' });
    const [internal, shared] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(internal).toHaveTextContent(INTERNAL_NOTE);
    expect(internal).toHaveTextContent('Client asked for a warmer tone');
    expect(shared).not.toHaveTextContent(INTERNAL_NOTE);
    expect(shared).toHaveTextContent('Client');
    expect(shared).toHaveTextContent('Mentioned: @Sam Staff');
  });

  it('an internal comment is the default; an empty one is not sent', async () => {
    mockPeople();
    mockRoute(contract.content.listContentComments, { status: 200, body: page([]) });
    const sent = mockRoute(contract.content.createContentComment, { status: 201, body: comment({ visibility: 'internal' }) });
    renderWithApi(<ContentComments contentId={42} viewer="staff" />);
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Internal' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Shared with the client' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Add internal comment' }));
    expect(await screen.findByText('Write a comment')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), '  Check the caption length  ');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal comment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url.pathname).toBe('/api/content/42/comments/');
    expect(sent[0]!.body).toEqual({ body: 'Check the caption length', visibility: 'internal', mentions: [] });
    expect(await screen.findByText('Internal comment added')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('');
  });

  it('the client’s login can be mentioned on a shared comment only; mentions are sent by id', async () => {
    mockPeople();
    mockRoute(contract.content.listContentComments, { status: 200, body: page([]) });
    const sent = mockRoute(contract.content.createContentComment, { status: 201, body: comment({}) });
    renderWithApi(<ContentComments contentId={42} viewer="staff" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mention' }));
    // Not oneself; the client's login is there but cannot be picked on an internal comment.
    expect(await screen.findByRole('checkbox', { name: 'Sam Staff' })).toBeEnabled();
    expect(screen.queryByRole('checkbox', { name: /Ada Admin/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Cora Client Client · shared comments only' })).toBeDisabled();

    await userEvent.click(screen.getByRole('radio', { name: 'Shared with the client' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cora Client Client' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Sam Staff' }));
    expect(within(screen.getByRole('list', { name: 'Mentioned' })).getAllByRole('listitem')).toHaveLength(2);

    // Back to internal: the client's mention goes.
    await userEvent.click(screen.getByRole('radio', { name: 'Internal' }));
    expect(screen.getByRole('checkbox', { name: 'Cora Client Client · shared comments only' })).not.toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Shared with the client' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cora Client Client' }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Ready for you, Cora');
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ body: 'Ready for you, Cora', visibility: 'shared', mentions: [5, 2] });
    expect(await screen.findByText('Comment shared with the client')).toBeInTheDocument();
  });

  it('shows the server’s refusal above the form', async () => {
    mockPeople();
    mockRoute(contract.content.listContentComments, { status: 200, body: page([]) });
    mockRoute(contract.content.createContentComment, { status: 400, body: { detail: 'Someone you mentioned cannot see this post.', code: 'bad_request' } });
    renderWithApi(<ContentComments contentId={42} viewer="staff" />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Comment' }), 'Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Add internal comment' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone you mentioned cannot see this post.');
  });

  it('a list that failed to load offers Try Again', async () => {
    mockPeople();
    mockRoute(contract.content.listContentComments, { status: 500, body: { detail: 'Database down', code: 'server_error' } }, { once: true });
    renderWithApi(<ContentComments contentId={42} viewer="staff" />);
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    mockRoute(contract.content.listContentComments, { status: 200, body: page([comment({ body: 'Back again' })]) });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});

describe('content comments (client)', () => {
  it('has no visibility choice, mentions staff only and sends no visibility', async () => {
    mockPeople();
    mockRoute(contract.content.listContentComments, { status: 200, body: page([]) });
    const sent = mockRoute(contract.content.createContentComment, { status: 201, body: comment({ author_role: 'client' }) });
    renderWithApi(<ContentComments contentId={42} viewer="client" />, { session: testSession(CLIENT_USER) });
    await userEvent.click(await screen.findByRole('button', { name: 'Mention' }));
    expect(await screen.findByRole('checkbox', { name: 'Sam Staff' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Ada Admin' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /Cora Client/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Sam Staff' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Can we use the other photo?');
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ body: 'Can we use the other photo?', mentions: [5] });
    expect(await screen.findByText('Comment sent to the team')).toBeInTheDocument();
  });
});
