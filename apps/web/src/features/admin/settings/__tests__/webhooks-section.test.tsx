import { contract, type TWebhookDelivery, type TWebhookEndpoint } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { WEBHOOK_SECRET_SHOWN_ONCE } from '../components/webhooks-endpoint-dialog';
import { NO_WEBHOOKS, WebhooksSection } from '../components/webhooks-section';

const SECRET = 'whsec_Q2x9k2LqP0aBcDeFgHiJkLmNoPqRsTuV';
const URL = 'https://hooks.example.com/agency';

function endpoint(overrides: Partial<TWebhookEndpoint> = {}): TWebhookEndpoint {
  return {
    id: 4,
    url: URL,
    description: 'CRM sync',
    events: ['client.created', 'invoice.paid'],
    enabled: true,
    disabled_reason: null,
    created_at: '2025-03-03T10:00:00.000Z',
    last_delivery_at: null,
    last_delivery_status: null,
    ...overrides,
  };
}

function delivery(overrides: Partial<TWebhookDelivery> = {}): TWebhookDelivery {
  return {
    id: 31,
    endpoint_id: 4,
    event_id: '5b0c9a2e-7a43-4c1e-9f39-0d5f0f7f2a10',
    event_type: 'client.created',
    status: 'succeeded',
    attempts: 1,
    response_status: 200,
    last_error: null,
    created_at: '2025-03-03T10:05:00.000Z',
    last_attempt_at: '2025-03-03T10:05:01.000Z',
    delivered_at: '2025-03-03T10:05:01.000Z',
    ...overrides,
  };
}

const page = <T,>(results: T[]) => ({ status: 200 as const, body: { count: results.length, next: null, previous: null, results } });

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await screen.findAllByRole('button', { name: 'Add endpoint' }))[0]!);
  return screen.findByRole('dialog', { name: 'Add endpoint' });
}

describe('Settings → Webhooks: add an endpoint', () => {
  it('validates with the contract, then shows the signing secret once with Copy, and lists the endpoint', async () => {
    const user = userEvent.setup();
    let created = false;
    mockRoute(contract.webhooks.listWebhooks, () => page(created ? [endpoint()] : []));
    const createCalls = mockRoute(contract.webhooks.createWebhook, () => {
      created = true;
      return { status: 201, body: { endpoint: endpoint(), secret: SECRET } };
    });

    renderWithApi(<WebhooksSection />);
    expect(await screen.findByText(NO_WEBHOOKS)).toBeInTheDocument();
    const dialog = await openAddDialog(user);

    // Nothing filled in: the contract's messages, and no request.
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));
    expect(await within(dialog).findByText('URL is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    expect(apiRequests({ route: contract.webhooks.createWebhook })).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Endpoint URL'), URL);
    await user.type(within(dialog).getByLabelText(/Description/), 'CRM sync');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Client created' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Invoice paid' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const secretDialog = await screen.findByRole('dialog', { name: 'Copy the signing secret' });
    expect(createCalls).toHaveLength(1);
    expect(createCalls[0]?.body).toEqual({ url: URL, description: 'CRM sync', events: ['client.created', 'invoice.paid'] });
    expect(within(secretDialog).getByTestId('new-webhook-secret')).toHaveTextContent(SECRET);
    expect(within(secretDialog).getByText(WEBHOOK_SECRET_SHOWN_ONCE)).toBeInTheDocument();
    expect(within(secretDialog).getByRole('link', { name: /How to check it/ })).toHaveAttribute('href', '/api/docs/');

    const copy = within(secretDialog).getByRole('button', { name: 'Copy' });
    expect(copy).toHaveFocus();
    await user.click(copy);
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(await screen.findByText('Signing secret copied')).toBeInTheDocument();

    // Done forgets the secret; the list shows the endpoint (never its secret).
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent(URL);
    expect(within(row).getByText('Client created')).toBeInTheDocument();
    expect(within(row).getByText('Invoice paid')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(within(row).getByText('No deliveries yet')).toBeInTheDocument();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('a URL the server refuses shows its message under the URL field, and the form stays', async () => {
    const user = userEvent.setup();
    const message = 'The URL points at a private, loopback or link-local address.';
    mockRoute(contract.webhooks.listWebhooks, page([]));
    const createCalls = mockRoute(contract.webhooks.createWebhook, {
      status: 400,
      body: { detail: `Invalid body: url: ${message}`, code: 'validation_error', errors: { url: [message] } },
    });

    renderWithApi(<WebhooksSection />);
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByLabelText('Endpoint URL'), 'https://10.0.0.5/hook');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Client created' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add endpoint' }));

    const url = within(dialog).getByLabelText('Endpoint URL');
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(createCalls).toHaveLength(1);
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(url).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(url).toHaveFocus();
    // Said once, under its field (not again above the form), and no secret.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Copy the signing secret' })).not.toBeInTheDocument();
  });
});

describe('Settings → Webhooks: the delivery log', () => {
  it('lists deliveries with their status and response, filters by status and redelivers', async () => {
    const user = userEvent.setup();
    const failed = delivery({ id: 32, event_type: 'ping', status: 'failed', attempts: 3, response_status: 500, last_error: 'The endpoint answered 500.' });
    mockRoute(contract.webhooks.listWebhooks, page([endpoint({ last_delivery_at: failed.created_at, last_delivery_status: 'failed' })]));
    const logCalls = mockRoute(contract.webhooks.listWebhookDeliveries, (req) =>
      page(req.url.searchParams.get('status') === 'failed' ? [failed] : [failed, delivery()]),
    );
    const redeliverCalls = mockRoute(contract.webhooks.redeliverWebhook, { status: 201, body: delivery({ id: 33, status: 'pending', attempts: 0 }) });

    renderWithApi(<WebhooksSection />);
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: `Deliveries to ${URL}` }));

    const log = await screen.findByRole('dialog', { name: 'Deliveries' });
    const table = await within(log).findByRole('table');
    const rows = within(table).getAllByTestId('webhook-delivery');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Test (ping)');
    expect(rows[0]).toHaveTextContent('Failed');
    expect(rows[0]).toHaveTextContent('500');
    expect(rows[0]).toHaveTextContent('The endpoint answered 500.');
    expect(rows[1]).toHaveTextContent('Client created');
    expect(rows[1]).toHaveTextContent('Succeeded');
    expect(rows[1]).toHaveTextContent('200');

    await user.selectOptions(within(log).getByLabelText('Delivery status'), 'failed');
    await waitFor(() => expect(within(log).getAllByTestId('webhook-delivery')).toHaveLength(1));
    expect(logCalls.at(-1)?.url.searchParams.get('status')).toBe('failed');

    await user.click(within(within(log).getByRole('table')).getByRole('button', { name: /^Redeliver Test \(ping\)/ }));
    expect(await screen.findByText('Delivery queued again')).toBeInTheDocument();
    expect(redeliverCalls[0]?.params.id).toBe('32');
  });
});
