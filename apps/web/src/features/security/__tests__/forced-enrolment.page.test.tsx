import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApi, TEST_USER, testSession } from '@/test/render';
import ForcedEnrolmentPage from '../forced-enrolment.page';

const CLIENT = { ...TEST_USER, role: 'client' as const, staff_role: null, client_id: 7, client_permission: 'full' as const, email: 'casey@client.test' };

describe('the forced enrolment page', () => {
  it('tells staff the agency requires it of all staff', async () => {
    renderWithApi(<ForcedEnrolmentPage />, { session: testSession({ ...TEST_USER, two_factor_enrolment_required: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText(/requires two-factor authentication for all staff\. Set up an authenticator app to continue to your dashboard\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('tells a client login it guards the client portal, not staff', async () => {
    renderWithApi(<ForcedEnrolmentPage />, { session: testSession({ ...CLIENT, two_factor_enrolment_required: true }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByText(/requires two-factor authentication to sign in to your client portal\. Set up an authenticator app to continue\./)).toBeInTheDocument();
    expect(screen.queryByText(/all staff/)).not.toBeInTheDocument();
    expect(screen.getByText('Signed in as casey@client.test')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });
});
