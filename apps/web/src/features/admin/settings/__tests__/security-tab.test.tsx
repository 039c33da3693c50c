import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, TEST_USER } from '@/test/render';
import { SecurityTab } from '../components/security-tab';

describe('Settings → Security', () => {
  it('names the download of the account’s own data for what it is', () => {
    renderWithApi(<SecurityTab user={TEST_USER} />);
    expect(screen.getByRole('button', { name: 'Export my personal data' })).toBeInTheDocument();
  });
});
