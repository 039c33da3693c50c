import { contract, ZContentSchema, type TContent } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { ClientReviewBox } from '../components/client-decision';

function item(overrides: Partial<TContent> = {}): TContent {
  return {
    ...generateMock(ZContentSchema, { seed: 9 }),
    id: 42,
    client: 7,
    content: 'Spring blend is here',
    status: 'pending-approval',
    review_step: 'client',
    waiting_since: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    feedback: null,
    ...overrides,
  };
}

const render = (i: TContent) => renderWithApi(<ClientReviewBox item={i} />, { session: clientSession() });

describe('the client’s decision on an item waiting for it', () => {
  it('says it waits for the client and for how long; Approve sends the decision', async () => {
    const sent = mockRoute(contract.content.reviewContentAsClient, { status: 200, body: item({ status: 'approved', review_step: null }) });
    render(item());
    const box = screen.getByTestId('client-review');
    expect(box).toHaveTextContent('Waiting for your approval');
    expect(box).toHaveTextContent('3 days');
    await userEvent.click(within(box).getByRole('button', { name: 'Approve Spring blend is here' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url.pathname).toBe('/api/content/42/client-review/');
    expect(sent[0]!.body).toEqual({ decision: 'approve' });
    expect(await screen.findByText('Approved — the team will publish it as scheduled')).toBeInTheDocument();
  });

  it('confirms the decision even when the item’s push refreshed the list (and this box went) before the answer', async () => {
    let decideElsewhere = () => {};
    function ListThatRefreshes() {
      const [waiting, setWaiting] = useState(true);
      decideElsewhere = () => setWaiting(false);
      return waiting ? <ClientReviewBox item={item()} /> : <p>Approved</p>;
    }
    const sent = mockRoute(contract.content.reviewContentAsClient, async () => {
      // The socket's content.changed arrives first: the refetched list no longer shows the buttons.
      act(() => decideElsewhere());
      return { status: 200, body: item({ status: 'approved', review_step: null }) };
    });
    renderWithApi(<ListThatRefreshes />, { session: clientSession() });
    await userEvent.click(screen.getByRole('button', { name: 'Approve Spring blend is here' }));
    expect(await screen.findByText('Approved — the team will publish it as scheduled')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.queryByTestId('client-review')).not.toBeInTheDocument();
  });

  it('Request changes asks for the feedback (required) and sends it', async () => {
    const sent = mockRoute(contract.content.reviewContentAsClient, { status: 200, body: item({ status: 'draft', review_step: null }) });
    render(item());
    await userEvent.click(screen.getByRole('button', { name: 'Request changes to Spring blend is here' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(dialog).findByText('Tell the team what should change.')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await userEvent.type(within(dialog).getByRole('textbox', { name: 'What should change?' }), 'Use the latte photo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ decision: 'reject', feedback: 'Use the latte photo' });
    expect(await screen.findByText('Changes requested; the team has been notified')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal (no longer waiting) as an error', async () => {
    mockRoute(contract.content.reviewContentAsClient, {
      status: 409,
      body: { detail: 'This item is no longer waiting for your review; it is approved.', code: 'conflict' },
    });
    render(item());
    await userEvent.click(screen.getByRole('button', { name: 'Approve Spring blend is here' }));
    expect(await screen.findByText('This item is no longer waiting for your review; it is approved.')).toBeInTheDocument();
  });

  it('an item with the agency says so, without buttons; other items show nothing', () => {
    const { unmount } = render(item({ review_step: 'staff' }));
    expect(screen.getByTestId('waiting-note')).toHaveTextContent('With the agency for review');
    expect(screen.queryByRole('button', { name: /^Approve|^Request changes/ })).not.toBeInTheDocument();
    unmount();
    render(item({ status: 'approved', review_step: null }));
    expect(screen.queryByTestId('waiting-note')).not.toBeInTheDocument();
  });
});
