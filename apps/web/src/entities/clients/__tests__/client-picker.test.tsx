import { contract, type TClient } from '@agency/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Field } from '@/components/ui';
import { ClientPicker } from '@/entities/clients/components/client-picker';
import { apiRequests, mockRoute } from '@/test/mock-api';

const client = (id: number, name: string, company: string): TClient => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@x.io`,
  company,
  package: 'growth',
  monthly_fee: 1000,
  platforms: [],
  status: 'active',
  payment_status: 'paid',
  payment_status_follows_invoices: false,
  unpaid_invoices: 0,
  account_manager: null,
  account_manager_id: null,
  total_spent: 0,
  next_payment: null,
  plan_name: null,
  user_id: null,
  user_first_name: null,
  user_last_name: null,
  user_email: null,
  user_avatar: null,
  portal_invite_pending: false,
  created_at: '2025-01-01T00:00:00Z',
  archived_at: null,
  approval_mode: 'optional',
  billing_address: null,
  tax_id: null,
});

const CLIENTS = [
  client(1, 'Ava Brooks', 'Brooks Bakery'),
  client(2, 'Emma Carter', 'Bloom & Co. Florals'),
  client(3, 'Liam Diaz', 'Diaz Fitness'),
  client(42, 'Zed Zulu', 'Zulu Zoo'),
];

/** The picker's two routes, answered from CLIENTS through the contract-typed mock API. */
function mockClients() {
  mockRoute(contract.clients.getClient, ({ params }) => {
    const c = CLIENTS.find((x) => x.id === Number(params.id));
    return c ? { status: 200, body: c } : { status: 404, body: { detail: 'Not found.', code: 'not_found' } };
  });
  mockRoute(contract.clients.listClients, ({ url }) => {
    const q = (url.searchParams.get('search') ?? '').toLowerCase();
    const size = Number(url.searchParams.get('page_size') ?? 20);
    // The first page by name excludes id 42, so a preselected 42 has to be fetched on its own.
    const all = q ? CLIENTS.filter((c) => `${c.name} ${c.company}`.toLowerCase().includes(q)) : CLIENTS.slice(0, 3);
    return { status: 200, body: { count: q ? all.length : 120, next: null, previous: null, results: all.slice(0, size) } };
  });
}

const listCalls = () => apiRequests({ route: contract.clients.listClients }).map((r) => `${r.url.pathname}${r.url.search}`);

function renderPicker(props: Partial<Parameters<typeof ClientPicker>[0]> = {}) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState<number | null>(props.value ?? null);
    return (
      <Field label="Client">
        <ClientPicker
          {...props}
          value={value}
          onChange={(id, c) => {
            setValue(id);
            onChange(id, c);
          }}
        />
      </Field>
    );
  }
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness />
    </QueryClientProvider>,
  );
  return { onChange, user: userEvent.setup(), input: screen.getByLabelText('Client') };
}

beforeEach(() => {
  mockClients();
});

describe('ClientPicker', () => {
  it('is a labelled combobox that lists the first 20 by name on focus', async () => {
    const { user, input } = renderPicker();
    expect(input).toHaveAttribute('role', 'combobox');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveAttribute('placeholder', 'Select a client');
    await user.click(input);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('option', { name: 'Ava Brooks — Brooks Bakery' })).toBeInTheDocument();
    expect(screen.getByRole('listbox').id).toBe(input.getAttribute('aria-controls'));
    expect(listCalls()).toEqual(['/api/clients/?page_size=20&ordering=name']);
    expect(screen.getByRole('status')).toHaveTextContent('Showing 3 of 120, type to narrow down');
  });

  it('searches the API as the user types (debounced) and says when nothing matches', async () => {
    const { user, input } = renderPicker();
    await user.click(input);
    await screen.findByRole('option', { name: /Ava Brooks/ });
    await user.type(input, 'bloom');
    expect(await screen.findByRole('option', { name: 'Emma Carter — Bloom & Co. Florals' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('option', { name: /Ava Brooks/ })).not.toBeInTheDocument());
    // One request for the whole word, not one per key.
    expect(listCalls()).toEqual(['/api/clients/?page_size=20&ordering=name', '/api/clients/?search=bloom&page_size=20&ordering=name']);

    await user.clear(input);
    await user.type(input, 'nobody');
    expect(await screen.findByText('No clients match')).toBeInTheDocument();
  });

  it('picks with ArrowDown / Enter, and Escape closes without choosing', async () => {
    const { user, input, onChange } = renderPicker();
    await user.click(input);
    await screen.findByRole('option', { name: /Ava Brooks/ });
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const active = screen.getByRole('option', { name: /Emma Carter/ });
    expect(input).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{ArrowUp}{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledWith(2, expect.objectContaining({ id: 2, name: 'Emma Carter' }));
    expect(input).toHaveValue('Emma Carter');
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('option', { name: /Emma Carter/ })).toHaveAttribute('aria-selected', 'true');
    await user.type(input, 'liam');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Emma Carter');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('offers "All clients" for filters, which yields null', async () => {
    const { user, input, onChange } = renderPicker({ allowAll: true, value: 1 });
    await waitFor(() => expect(input).toHaveValue('Ava Brooks'));
    await user.click(input);
    await user.click(await screen.findByRole('option', { name: 'All clients' }));
    expect(onChange).toHaveBeenCalledWith(null, null);
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('placeholder', 'All clients');
  });

  it('shows the name of a preselected client that is not among the loaded results', async () => {
    const { input } = renderPicker({ value: 42 });
    await waitFor(() => expect(input).toHaveValue('Zed Zulu'));
    expect(apiRequests().map((r) => r.url.pathname)).toContain('/api/clients/42/');
  });

  it('works as a react-hook-form Controller with an error', async () => {
    const submitted = vi.fn();
    function Form() {
      const { control, handleSubmit, formState } = useForm<{ client: number | null }>({ defaultValues: { client: null } });
      return (
        <form
          onSubmit={handleSubmit((v) => {
            if (v.client === null) return;
            submitted(v);
          })}
        >
          <Controller
            control={control}
            name="client"
            rules={{ required: 'Client is required' }}
            render={({ field }) => (
              <Field label="Client" error={formState.errors.client?.message}>
                <ClientPicker value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
              </Field>
            )}
          />
          <button type="submit">Save</button>
        </form>
      );
    }
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Form />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Client is required')).toBeInTheDocument();
    const input = screen.getByLabelText('Client');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'liam');
    await user.click(await screen.findByRole('option', { name: 'Liam Diaz — Diaz Fitness' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toHaveBeenCalledWith({ client: 3 }));
  });
});
