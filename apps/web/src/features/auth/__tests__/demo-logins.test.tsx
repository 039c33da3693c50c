import { contract, type TDemoLogins } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiRequests, generatedBody, mockRoute } from '@/test/mock-api';
import { renderHookWithApi, renderWithApi } from '@/test/render';
import { useDemoLogins } from '../api/auth.queries';
import { DemoLogins } from '../components/demo-logins';

const LOGINS: TDemoLogins = {
  logins: [
    { role: 'admin', email: 'admin@demo.agency', password: 'DemoAdmin123' },
    { role: 'client', email: 'client@demo.agency', password: 'DemoClient123' },
  ],
};

describe('useDemoLogins (contract route auth.listDemoLogins)', () => {
  it('reads GET /api/demo-logins through the ts-rest client', async () => {
    const calls = mockRoute(contract.auth.listDemoLogins, { status: 200, body: LOGINS });
    const { result } = renderHookWithApi(() => useDemoLogins(), { session: null });
    await waitFor(() => expect(result.current.data).toEqual(LOGINS.logins));
    expect(calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/demo-logins']);
  });

  it('takes whatever the contract allows (the default answer generated from its schema)', async () => {
    const { result } = renderHookWithApi(() => useDemoLogins(), { session: null });
    const expected = generatedBody(contract.auth.listDemoLogins) as TDemoLogins;
    await waitFor(() => expect(result.current.data).toEqual(expected.logins));
  });

  it('a 404 (no demo data) is a quiet failure, asked once and not retried', async () => {
    mockRoute(contract.auth.listDemoLogins, { status: 404, body: { detail: 'Not found.', code: 'not_found' } });
    const { result } = renderHookWithApi(() => useDemoLogins(), { session: null });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
    expect(apiRequests({ route: contract.auth.listDemoLogins })).toHaveLength(1);
  });
});

describe('DemoLogins box', () => {
  it('lists each account and hands the picked one to the form', async () => {
    mockRoute(contract.auth.listDemoLogins, { status: 200, body: LOGINS });
    const onPick = vi.fn();
    renderWithApi(<DemoLogins onPick={onPick} />, { session: null });
    expect(await screen.findByRole('heading', { name: 'Demo accounts' })).toBeInTheDocument();
    expect(screen.getByText('client@demo.agency / DemoClient123')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use the client demo account' }));
    expect(onPick).toHaveBeenCalledWith(LOGINS.logins[1]);
  });
});

describe('DemoLogins box from a production server (e-mails only)', () => {
  it('names the accounts without a password', async () => {
    mockRoute(contract.auth.listDemoLogins, { status: 200, body: { logins: [{ role: 'admin', email: 'admin@demo.agency' }] } });
    renderWithApi(<DemoLogins onPick={() => undefined} />, { session: null });
    expect(await screen.findByText('admin@demo.agency')).toBeInTheDocument();
    expect(screen.queryByText(/ \/ /)).not.toBeInTheDocument();
  });
});
