import { contract, ZContentSchema, type TContent } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi, TEST_USER, testSession } from '@/test/render';
import { ContentFormDialog } from '../components/content-form-dialog';

const NEXT_WEEK = new Date(Date.now() + 7 * 86_400_000);
NEXT_WEEK.setSeconds(0, 0);

function draft(overrides: Partial<TContent> = {}): TContent {
  return {
    ...generateMock(ZContentSchema, { seed: 3 }),
    id: 77,
    client: 5,
    client_name: 'Tess Twostep',
    platform: 'instagram',
    content: 'Winter bouquets are here',
    scheduled_date: NEXT_WEEK.toISOString(),
    image_url: null,
    media: null,
    status: 'draft',
    review_step: null,
    approval_mode: 'internal_then_client',
    ...overrides,
  };
}

const renderEdit = (item: TContent, staffRole: 'owner' | 'manager' = 'owner') =>
  renderWithApi(<ContentFormDialog mode={{ kind: 'edit', item }} onOpenChange={() => {}} />, {
    session: testSession({ ...TEST_USER, staff_role: staffRole }),
  });

describe('staff editing a post follow the client’s approval mode', () => {
  it('two-step: a draft is kept, submitted, sent to the client, or approved by the owner’s override', async () => {
    const sent = mockRoute(contract.content.updateContent, { status: 200, body: draft({ status: 'pending-approval', review_step: 'client' }) });
    renderEdit(draft());
    expect(screen.getByText('Staff review, then the client')).toBeInTheDocument();
    const choices = screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent ?? '');
    expect(choices.map((c) => c.split(/(?<=[a-z)])(?=[A-Z])/)[0])).toEqual([
      'Send to the client for approval',
      'Submit for staff review',
      'Keep as a draft',
      'Approve without review (owner override)',
    ]);
    expect(screen.getByRole('radio', { name: /Keep as a draft/ })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: /Send to the client for approval/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      platform: 'instagram',
      content: 'Winter bouquets are here',
      image_url: null,
      media_file: null,
      status: 'pending-approval',
      send_to_client: true,
    });
    expect(await screen.findByText('Sent to the client for approval')).toBeInTheDocument();
  });

  it('offers a manager no override', () => {
    renderEdit(draft(), 'manager');
    expect(screen.queryByRole('radio', { name: /owner override/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Send to the client for approval/ })).toBeInTheDocument();
  });

  it('refuses a publishing date in the past under the field, without asking the server', async () => {
    renderEdit(draft({ approval_mode: 'optional' }));
    const date = screen.getByLabelText('Scheduled date');
    await userEvent.clear(date);
    await userEvent.type(date, '2020-01-01T10:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Choose a date and time in the future')).toBeInTheDocument();
    expect(apiRequests({ route: contract.content.updateContent })).toHaveLength(0);
  });
});
