import { contract, type TAuditEntry } from '@agency/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { AuditLogPanel } from '../components/audit-log-panel';

function entry(overrides: Partial<TAuditEntry> = {}): TAuditEntry {
  return {
    id: 1,
    at: '2026-11-20T10:15:00.000Z',
    actor_type: 'user',
    actor_user_id: 3,
    actor: 'Olive Owner',
    ip: '::ffff:203.0.113.7',
    action: 'client.updated',
    object_type: 'client',
    object_id: '12',
    object_label: 'Acme Bikes',
    client_id: 12,
    client_name: 'Acme Bikes',
    changes: { monthly_fee: [1500, 2000] },
    ...overrides,
  };
}

const page = (results: TAuditEntry[], count = results.length) => ({ status: 200 as const, body: { count, next: null, previous: null, results } });

describe('the audit log', () => {
  it('lists who did what, from where and what changed; an API key and a webhook are named as such', async () => {
    mockRoute(contract.audit.listAuditActors, { status: 200, body: { results: [{ id: 3, name: 'Olive Owner', role: 'admin' as const }] } });
    mockRoute(
      contract.audit.listAuditLog,
      page([
        entry(),
        entry({ id: 2, actor_type: 'api_key', actor: 'API key agk_Zx9k…', action: 'task.created', object_type: 'task', object_label: 'Plan reels', changes: null }),
        entry({ id: 3, actor_type: 'webhook', actor_user_id: null, actor: 'webhook:stripe', ip: null, action: 'invoice.paid', object_label: 'NS-2026-0003', changes: null }),
      ]),
    );
    renderWithApi(<AuditLogPanel />);
    const rows = await screen.findAllByTestId('audit-entry');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Olive Owner');
    expect(rows[0]).toHaveTextContent('Client updated');
    expect(rows[0]).toHaveTextContent('monthly fee: 1500 → 2000');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(rows[1]).toHaveTextContent('(API key)');
    expect(rows[2]).toHaveTextContent('(Webhook)');
    expect(rows[2]).toHaveTextContent('NS-2026-0003');
  });

  it('filters by person and kind in the request, and says when nothing matches', async () => {
    const user = userEvent.setup();
    mockRoute(contract.audit.listAuditActors, { status: 200, body: { results: [{ id: 3, name: 'Olive Owner', role: 'admin' as const }] } });
    const calls = mockRoute(contract.audit.listAuditLog, (req) => (req.url.searchParams.get('object_type') === 'invoice' ? page([]) : page([entry()])));
    renderWithApi(<AuditLogPanel />);
    await screen.findAllByTestId('audit-entry');
    await user.selectOptions(screen.getByLabelText('Person'), 'Olive Owner');
    await user.selectOptions(screen.getByLabelText('Kind of object'), 'invoice');
    expect(await screen.findByText('Nothing matches these filters')).toBeInTheDocument();
    await waitFor(() => {
      const last = calls.at(-1)!.url.searchParams;
      expect(last.get('actor')).toBe('3');
      expect(last.get('object_type')).toBe('invoice');
      expect(last.get('page')).toBe('1');
    });
  });

  it('shows the empty log and a failure with a retry', async () => {
    mockRoute(contract.audit.listAuditActors, { status: 200, body: { results: [] } });
    mockRoute(contract.audit.listAuditLog, page([]));
    mockRoute(contract.audit.listAuditLog, { status: 500, body: { detail: 'Internal server error (request x).', code: 'server_error' } }, { once: true });
    const user = userEvent.setup();
    renderWithApi(<AuditLogPanel />);
    expect(await screen.findByText('Could not load the audit log')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('Nothing recorded yet')).toBeInTheDocument();
  });
});
