import { contract } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAgencyName } from '@/lib/brand';
import { TEST_AGENCY_PROFILE } from '@/test/agency-profile';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi, testSession, TEST_USER } from '@/test/render';
import { AgencyTab } from '../components/agency-tab';

/** What every header shows (lib/brand.ts), next to the form that changes it. */
function Header() {
  return <p data-testid="brand">{useAgencyName()}</p>;
}

describe('Settings → Agency', () => {
  it('an owner renames the agency and sets the invoice prefix: sent to the server, and every place naming the agency follows', async () => {
    const saved = { ...TEST_AGENCY_PROFILE, name: 'Northstar Social', email: 'hello@northstar.example', invoice_prefix: 'NS-' };
    const puts = mockRoute(contract.agency.updateAgencyProfile, { status: 200, body: saved });
    renderWithApi(
      <>
        <Header />
        <AgencyTab />
      </>,
    );
    expect(screen.getByTestId('brand')).toHaveTextContent(TEST_AGENCY_PROFILE.name);
    const name = screen.getByLabelText('Agency name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Northstar Social');
    await userEvent.type(screen.getByLabelText(/^Contact email/), 'hello@northstar.example');
    const prefix = screen.getByLabelText('Invoice number prefix');
    await userEvent.clear(prefix);
    await userEvent.type(prefix, 'NS-');
    expect(prefix).toHaveAccessibleDescription(`New invoices are numbered NS-${new Date().getUTCFullYear()}-0001, -0002, … each year.`);
    await userEvent.click(screen.getByRole('button', { name: 'Save agency details' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toMatchObject({ name: 'Northstar Social', email: 'hello@northstar.example', invoice_prefix: 'NS-' });
    await waitFor(() => expect(screen.getByTestId('brand')).toHaveTextContent('Northstar Social'));
  });

  it('says what is wrong with a prefix before sending it', async () => {
    const puts = mockRoute(contract.agency.updateAgencyProfile, { status: 200, body: TEST_AGENCY_PROFILE });
    renderWithApi(<AgencyTab />);
    const prefix = screen.getByLabelText('Invoice number prefix');
    await userEvent.clear(prefix);
    await userEvent.type(prefix, 'NS 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save agency details' }));
    expect(await screen.findByText('Use 1–12 letters, digits or hyphens, starting with a letter or digit')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it('read-only staff see the details but cannot change them', () => {
    renderWithApi(<AgencyTab />, { session: testSession({ ...TEST_USER, staff_role: 'read_only' }) });
    expect(screen.getByLabelText('Agency name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save agency details' })).not.toBeInTheDocument();
    expect(screen.getByText('Only an owner can change the agency’s details.')).toBeInTheDocument();
  });
});
