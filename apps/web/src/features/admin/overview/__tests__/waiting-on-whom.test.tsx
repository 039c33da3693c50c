import { contract, type TContentWaiting } from '@agency/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { WaitingBody, WaitingOnWhom } from '../components/waiting-on-whom';

const NOW = new Date('2026-03-10T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

const DATA: TContentWaiting = {
  on_staff: { count: 3, oldest_since: ago(2) },
  on_client: { count: 1, oldest_since: ago(5) },
  clients: [
    { client: 7, client_name: 'Cora Coffee', step: 'client', count: 1, oldest_since: ago(5) },
    { client: 9, client_name: 'Bold Bikes', step: 'staff', count: 3, oldest_since: ago(2) },
  ],
};

describe('Waiting on whom', () => {
  it('counts what waits on the staff and on clients with the oldest wait, and lists the clients with links', () => {
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <WaitingBody data={DATA} now={NOW} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('waiting-staff')).toHaveTextContent('On the staff3Oldest waiting 2 days');
    expect(screen.getByTestId('waiting-client')).toHaveTextContent('On clients1Oldest waiting 5 days');
    const rows = within(screen.getByRole('list', { name: 'Clients with posts waiting' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Cora Coffee');
    expect(rows[0]).toHaveTextContent('Client review');
    expect(rows[0]).toHaveTextContent(/1 item · waiting since Mar \d+ \(5 days\)/);
    expect(rows[1]).toHaveTextContent('Staff review');
    expect(rows[1]).toHaveTextContent('3 items');
    expect(within(rows[0]!).getByRole('link', { name: 'Cora Coffee' })).toHaveAttribute('href', '/dashboard?client=7&status=pending-approval#content');
  });

  it('says nothing is waiting when nothing is', () => {
    render(
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <WaitingBody data={{ on_staff: { count: 0, oldest_since: null }, on_client: { count: 0, oldest_since: null }, clients: [] }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Nothing is waiting for a review.' })).toBeInTheDocument();
  });

  it('loads from the API and offers Try Again after an error', async () => {
    mockRoute(contract.content.getContentWaiting, { status: 500, body: { detail: 'Database down', code: 'server_error' } }, { once: true });
    renderWithApi(<WaitingOnWhom enabled />);
    expect(await screen.findByText('Database down')).toBeInTheDocument();
    mockRoute(contract.content.getContentWaiting, { status: 200, body: DATA });
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Cora Coffee' })).toBeInTheDocument();
  });
});
