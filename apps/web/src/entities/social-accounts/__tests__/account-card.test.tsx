import type { TSocialAccount } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi } from '@/test/render';
import { SocialAccountCard } from '../components/account-card';

const account = (over: Partial<TSocialAccount>): TSocialAccount => ({
  id: 7,
  platform: 'instagram',
  username: 'cora.coffee',
  is_active: true,
  needs_reconnect: false,
  followers_count: 48_271,
  engagement_rate: 0.036,
  posts_count: 120,
  last_sync: '2031-03-10T08:00:00.000Z',
  client: 3,
  client_name: 'Cora Coffee',
  ...over,
});

describe('a connected account card', () => {
  it('shows the handle with one @ and the audience by its network’s name: followers, or a YouTube channel’s subscribers', () => {
    renderWithApi(
      <>
        <SocialAccountCard account={account({})} onReconnect={null} />
        <SocialAccountCard account={account({ id: 8, platform: 'youtube', username: 'CaraTV', followers_count: 3_345 })} onReconnect={null} />
        <SocialAccountCard account={account({ id: 9, platform: 'tiktok', username: '@@cora.tok' })} onReconnect={null} />
      </>,
    );
    const instagram = screen.getByTestId('social-account-7');
    expect(within(instagram).getByRole('heading', { name: '@cora.coffee' })).toBeInTheDocument();
    expect(within(instagram).getByText('Followers')).toBeInTheDocument();
    const youtube = screen.getByTestId('social-account-8');
    expect(within(youtube).getByRole('heading', { name: '@CaraTV' })).toBeInTheDocument();
    expect(within(youtube).getByText('Subscribers')).toBeInTheDocument();
    expect(within(youtube).queryByText('Followers')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('social-account-9')).getByRole('heading', { name: '@cora.tok' })).toBeInTheDocument();
  });
});
