import { contract, type TApiKey } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { API_KEY_SHOWN_ONCE } from '../components/api-key-create-dialog';
import { ApiKeysTab, NO_API_KEYS } from '../components/api-keys-tab';

const SECRET = 'agk_Zx9k2LqP0aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';

function apiKey(overrides: Partial<TApiKey> = {}): TApiKey {
  return {
    id: 7,
    name: 'Zapier',
    prefix: SECRET.slice(0, 12),
    scopes: { clients: 'read' },
    status: 'active',
    created_at: '2025-03-03T10:00:00.000Z',
    created_by_name: 'Ada Admin',
    expires_at: '2025-04-02T10:00:00.000Z',
    last_used_at: null,
    revoked_at: null,
    ...overrides,
  };
}

const emptyPage = { status: 200 as const, body: { count: 0, next: null, previous: null, results: [] } };

describe('Settings → API keys: create a key', () => {
  it('validates with the contract, shows the server’s field errors, then shows the whole key once with Copy', async () => {
    const user = userEvent.setup();
    let created = false;
    const listCalls = mockRoute(contract.apiKeys.listApiKeys, () =>
      created ? { status: 200, body: { count: 1, next: null, previous: null, results: [apiKey()] } } : emptyPage,
    );
    const createCalls = mockRoute(contract.apiKeys.createApiKey, () => {
      created = true;
      return { status: 201, body: { api_key: apiKey(), key: SECRET } };
    });
    // The first try is refused by the server with a field message.
    mockRoute(
      contract.apiKeys.createApiKey,
      { status: 400, body: { detail: 'Invalid body: name: An API key with this name already exists', code: 'validation_error', errors: { name: ['An API key with this name already exists'] } } },
      { once: true },
    );

    renderWithApi(<ApiKeysTab />);
    expect(await screen.findByText(NO_API_KEYS)).toBeInTheDocument();
    expect(listCalls[0]?.url.searchParams.get('include_revoked')).toBe('false');

    await user.click(screen.getAllByRole('button', { name: 'Create API key' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });

    // Nothing filled in: the contract's messages, and no request.
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one resource')).toBeInTheDocument();
    expect(apiRequests({ route: contract.apiKeys.createApiKey })).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Zapier');
    await user.selectOptions(within(dialog).getByLabelText('Clients'), 'read');
    expect(within(dialog).queryByText('Choose at least one resource')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Expires'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    // The server's message sits under its field.
    const name = within(dialog).getByLabelText('Name');
    expect(await within(dialog).findByText('An API key with this name already exists')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining('An API key with this name already exists'));

    await user.clear(name);
    await user.type(name, 'Zapier 2');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));

    const keyDialog = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(createCalls).toHaveLength(1);
    expect(createCalls[0]?.body).toEqual({ name: 'Zapier 2', scopes: { clients: 'read' }, expires_in_days: 30 });
    expect(within(keyDialog).getByTestId('new-api-key')).toHaveTextContent(SECRET);
    expect(within(keyDialog).getAllByText(API_KEY_SHOWN_ONCE).length).toBeGreaterThan(0);
    expect(API_KEY_SHOWN_ONCE).toContain('It will not be shown again');

    const copy = within(keyDialog).getByRole('button', { name: 'Copy' });
    expect(copy).toHaveFocus();
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('API key copied')).toBeInTheDocument();
    expect(within(keyDialog).getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // Done forgets the key; the list now holds the new key (never the key itself).
    await user.click(within(keyDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const table = await screen.findByRole('table');
    expect(within(table).getAllByTestId('api-key-row')).toHaveLength(1);
    expect(within(table).getByTestId('api-key-row')).toHaveTextContent(/^Zapieragk_/);
    expect(within(table).getByRole('button', { name: 'Revoke Zapier' })).toBeInTheDocument();
    expect(within(table).getByText('clients: read')).toBeInTheDocument();
    expect(within(table).getByText('Active')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('write access and a key that never expires are sent as such', async () => {
    const user = userEvent.setup();
    mockRoute(contract.apiKeys.listApiKeys, emptyPage);
    const createCalls = mockRoute(contract.apiKeys.createApiKey, {
      status: 201,
      body: { api_key: apiKey({ scopes: { tasks: 'write', analytics: 'read' }, expires_at: null }), key: SECRET },
    });
    renderWithApi(<ApiKeysTab />);
    await user.click((await screen.findAllByRole('button', { name: 'Create API key' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByLabelText('Name'), '  Reporting  ');
    await user.selectOptions(within(dialog).getByLabelText('Tasks'), 'write');
    await user.selectOptions(within(dialog).getByLabelText('Analytics'), 'read');
    await user.selectOptions(within(dialog).getByLabelText('Expires'), 'never');
    await user.click(within(dialog).getByRole('button', { name: 'Create API key' }));
    await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(createCalls[0]?.body).toEqual({ name: 'Reporting', scopes: { tasks: 'write', analytics: 'read' }, expires_in_days: null });
  });
});
