import { contract } from '@agency/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests } from '@/test/mock-api';
import { renderWithApi, TEST_USER } from '@/test/render';
import { ProfileTab } from '../components/profile-tab';

describe('profile form', () => {
  it('names each empty required field in its own words, not with the sign-in message', async () => {
    renderWithApi(<ProfileTab user={TEST_USER} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.queryByText('Email and password are required')).not.toBeInTheDocument();
    expect(apiRequests({ route: contract.auth.updateMe })).toHaveLength(0);
  });

  it('shows the address and whether it is confirmed; it changes through Change email, not the profile form', () => {
    renderWithApi(<ProfileTab user={{ ...TEST_USER, email_verified: false }} />);
    expect(screen.getByText('admin@agency.test')).toBeInTheDocument();
    expect(screen.getByText('Not confirmed')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Profile' })).not.toHaveTextContent('Email');
    expect(screen.getByRole('form', { name: 'Change email' })).toBeInTheDocument();
  });
});
