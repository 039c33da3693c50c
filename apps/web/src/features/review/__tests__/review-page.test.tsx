import { contract, type TReviewLinkView } from '@agency/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute, server } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import ReviewPage from '../review.page';

const TOKEN = 'rvw_0123456789abcdefghijklmnopqrstuvwxyzABCDE';

function view(overrides: Partial<TReviewLinkView> = {}): TReviewLinkView {
  return {
    agency_name: 'Northstar Social',
    client_name: 'Cora Coffee',
    account_handle: null,
    comments: [],
    reviewer_name: 'Cora Client',
    expires_at: '2031-04-01T09:00:00.000Z',
    content: {
      id: 42,
      platform: 'instagram',
      content: 'Spring blend is here.\nCome taste it on Friday.',
      image_url: 'https://cdn.example.test/spring.jpg',
      media: null,
      scheduled_date: '2031-03-14T10:30:00.000Z',
    },
    decided: null,
    ...overrides,
  };
}

function renderAt(hash: string) {
  return renderWithApi(<ReviewPage />, { route: `/review${hash}`, session: null });
}

describe('the magic review page', () => {
  it('without a token in the fragment it says the link is incomplete and asks the server nothing', async () => {
    renderAt('');
    expect(await screen.findByRole('heading', { name: 'This review link is incomplete' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in to your portal' })).toHaveAttribute('href', '/auth');
    expect(apiRequests()).toHaveLength(0);
  });

  it('opens the link with the token in the body only, and shows the agency, the client and the post as it will appear', async () => {
    const opened = mockRoute(contract.content.openReviewLink, { status: 200, body: view() });
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Your approval is needed' })).toBeInTheDocument();
    expect(screen.getAllByText('Northstar Social').length).toBeGreaterThan(0);
    expect(screen.getByText(/Hello Cora Client, Northstar Social prepared this Instagram post for/)).toBeInTheDocument();
    const post = screen.getByRole('article', { name: 'Instagram post by Cora Coffee' });
    // The text keeps its line breaks; the image is there; the schedule is written out.
    expect(post.textContent).toContain('Spring blend is here.\nCome taste it on Friday.');
    expect(screen.getByRole('img', { name: 'The post’s image' })).toHaveAttribute('src', 'https://cdn.example.test/spring.jpg');
    expect(screen.getByText(/^Friday, March 14, 2031 at/)).toBeInTheDocument();

    expect(opened).toHaveLength(1);
    expect(opened[0]!.body).toEqual({ token: TOKEN });
    expect(opened[0]!.url.href).not.toContain(TOKEN);
  });

  it('names the post as the client’s account on the network and lists the comments shared with the client', async () => {
    mockRoute(contract.content.openReviewLink, {
      status: 200,
      body: view({
        account_handle: '@coracoffee',
        comments: [
          { id: 1, author_name: 'Alex Morgan', from_team: true, body: 'We used your spring photo.', created_at: '2031-03-01T09:00:00.000Z' },
          { id: 2, author_name: 'Cora Client', from_team: false, body: 'Lovely!', created_at: '2031-03-01T10:00:00.000Z' },
        ],
      }),
    });
    renderAt(`#token=${TOKEN}`);
    const post = await screen.findByRole('article', { name: 'Instagram post by coracoffee' });
    expect(within(post).getAllByText('coracoffee').length).toBeGreaterThan(0);
    expect(within(post).queryByText('Cora Coffee')).not.toBeInTheDocument();
    const comments = screen.getByRole('region', { name: 'Comments' });
    expect(within(comments).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Alex MorganTeam'),
      expect.stringContaining('Cora Client'),
    ]);
    expect(comments).toHaveTextContent('We used your spring photo.');
    expect(comments).toHaveTextContent('Lovely!');
  });

  it('shows the post’s uploaded video (the real media, not the image URL), and a placeholder when it cannot be loaded', async () => {
    const base = view();
    const media = { id: 5, kind: 'video' as const, name: 'teaser.mp4', content_type: 'video/mp4', url: '/api/content-media/5/?expires=1&signature=abcdefghijkl' };
    mockRoute(contract.content.openReviewLink, { status: 200, body: { ...base, content: { ...base.content, platform: 'tiktok', media } } });
    renderAt(`#token=${TOKEN}`);
    const video = await screen.findByTestId('post-video');
    expect(video).toHaveAttribute('src', media.url);
    expect(screen.queryByRole('img', { name: 'The post’s image' })).not.toBeInTheDocument();
    fireEvent.error(video);
    expect(screen.getByRole('img', { name: 'The video could not be loaded' })).toBeInTheDocument();
  });

  it('Approve sends the decision and shows the outcome', async () => {
    mockRoute(contract.content.openReviewLink, { status: 200, body: view() });
    const decided = mockRoute(contract.content.decideReviewLink, {
      status: 200,
      body: view({ decided: { decision: 'approved', at: '2031-03-10T08:00:00.000Z' } }),
    });
    renderAt(`#token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const heading = await screen.findByRole('heading', { name: 'Approved — thank you!' });
    expect(decided[0]!.body).toEqual({ token: TOKEN, decision: 'approve' });
    expect(screen.getByText('Northstar Social will publish it as scheduled. You can close this page.')).toBeInTheDocument();
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('Request changes needs feedback, then sends it', async () => {
    mockRoute(contract.content.openReviewLink, { status: 200, body: view() });
    const decided = mockRoute(contract.content.decideReviewLink, {
      status: 200,
      body: view({ decided: { decision: 'rejected', at: '2031-03-10T08:00:00.000Z' } }),
    });
    renderAt(`#token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Request changes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Tell the team what should change.')).toBeInTheDocument();
    expect(decided).toHaveLength(0);

    await userEvent.type(screen.getByRole('textbox', { name: 'What should change?' }), '  Use the latte photo  ');
    await userEvent.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByRole('heading', { name: 'Thank you — your feedback was sent' })).toBeInTheDocument();
    expect(decided[0]!.body).toEqual({ token: TOKEN, decision: 'reject', feedback: 'Use the latte photo' });
  });

  it('Cancel goes back to the two choices', async () => {
    mockRoute(contract.content.openReviewLink, { status: 200, body: view() });
    renderAt(`#token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Request changes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
  });

  it('an invalid, expired or revoked link shows the server’s reason', async () => {
    mockRoute(contract.content.openReviewLink, {
      status: 404,
      body: { detail: 'This review link has expired. Ask the team for a new one.', code: 'not_found' },
    });
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This review link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This review link has expired. Ask the team for a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('a malformed link says so in a person’s words, not the request validation’s', async () => {
    mockRoute(contract.content.openReviewLink, {
      status: 400,
      body: {
        detail: 'Invalid body: token: This review link is not valid.',
        code: 'validation_error',
        errors: { token: ['This review link is not valid.'] },
      },
    });
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This review link cannot be used' })).toBeInTheDocument();
    expect(screen.getByText('This review link is not valid.')).toBeInTheDocument();
    expect(screen.queryByText(/Invalid body/)).not.toBeInTheDocument();
  });

  it('a link already used shows what was decided and when, without the buttons', async () => {
    mockRoute(contract.content.openReviewLink, {
      status: 200,
      body: view({ decided: { decision: 'approved', at: '2031-03-10T08:00:00.000Z' } }),
    });
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'You already approved this post' })).toBeInTheDocument();
    expect(screen.getByText(/^Approved on Monday, March 10, 2031 at/)).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Instagram post by Cora Coffee' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('a decision on a link used meanwhile (409) shows what was decided instead', async () => {
    let opens = 0;
    mockRoute(contract.content.openReviewLink, () => {
      opens += 1;
      return { status: 200, body: opens === 1 ? view() : view({ decided: { decision: 'rejected', at: '2031-03-10T08:00:00.000Z' } }) };
    });
    mockRoute(contract.content.decideReviewLink, { status: 409, body: { detail: 'This review link has already been used.', code: 'conflict' } });
    renderAt(`#token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('heading', { name: 'You already asked for changes' })).toBeInTheDocument();
  });

  it('a network error offers Try Again, which loads the post', async () => {
    mockRoute(contract.content.openReviewLink, { status: 200, body: view() });
    // Handlers added later answer first: the first request fails as if the network were down.
    server.use(http.post('/api/review-links/open/', () => HttpResponse.error(), { once: true }));
    renderAt(`#token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'The post could not be loaded' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Your approval is needed' })).toBeInTheDocument();
  });
});
