import { contract, type TBillingSettings } from '@agency/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { BillingTab } from '../components/billing-tab';
import { STRIPE_WEBHOOK_EVENTS } from '../components/stripe-setup-dialog';

function settings(overrides: Partial<TBillingSettings> = {}): TBillingSettings {
  return {
    total_revenue_this_month: 1200,
    pending_payments: 300,
    stripe_account_connected: false,
    payment_provider: 'sandbox',
    stripe_mode: null,
    publishable_key_configured: false,
    webhook_secret_configured: false,
    webhook_url: 'https://agency.example/api/billing/webhook/',
    ...overrides,
  };
}

describe('Settings → Billing & Payments: the payment provider', () => {
  it('sandbox: Connect Stripe opens a dialog on configuring Stripe (no alert): keys, webhook URL and its events', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockRoute(contract.admin.getBillingSettings, { status: 200, body: settings() });
    renderWithApi(<BillingTab />);
    expect(await screen.findByText('Sandbox payments (no Stripe keys configured)')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect Stripe' }));

    const dialog = await screen.findByRole('dialog', { name: 'Connect Stripe' });
    for (const env of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      expect(within(dialog).getAllByText(env).length).toBeGreaterThan(0);
    }
    expect(within(dialog).getByText('https://agency.example/api/billing/webhook/')).toBeInTheDocument();
    const events = within(dialog).getByRole('list', { name: 'Webhook events' });
    expect(within(events).getAllByRole('listitem').map((li) => li.textContent)).toEqual([...STRIPE_WEBHOOK_EVENTS]);
    expect(STRIPE_WEBHOOK_EVENTS).toContain('charge.refunded');
    expect(within(dialog).getByText('Secret key not configured')).toBeInTheDocument();
    expect(within(dialog).getByText('Webhook secret not configured')).toBeInTheDocument();
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });

  it('Stripe in test mode: what is configured and what is missing, and the webhook URL to register', async () => {
    mockRoute(contract.admin.getBillingSettings, {
      status: 200,
      body: settings({
        payment_provider: 'stripe',
        stripe_account_connected: true,
        stripe_mode: 'test',
        publishable_key_configured: true,
        webhook_secret_configured: false,
      }),
    });
    renderWithApi(<BillingTab />);
    expect(await screen.findByText('Connected to Stripe (test mode)')).toBeInTheDocument();
    expect(screen.getByText('Stripe · test mode')).toBeInTheDocument();
    const config = screen.getByRole('list', { name: 'Stripe configuration' });
    expect(config).toHaveTextContent('Secret key: configured');
    expect(config).toHaveTextContent('Publishable key: configured');
    expect(config).toHaveTextContent('Webhook signing secret: not configured');
    expect(screen.getByText('https://agency.example/api/billing/webhook/')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stripe setup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Stripe' });
    expect(within(dialog).getByText('Publishable key configured')).toBeInTheDocument();
  });

  it('Stripe live says so', async () => {
    mockRoute(contract.admin.getBillingSettings, {
      status: 200,
      body: settings({ payment_provider: 'stripe', stripe_account_connected: true, stripe_mode: 'live', publishable_key_configured: true, webhook_secret_configured: true }),
    });
    renderWithApi(<BillingTab />);
    expect(await screen.findByText('Connected to Stripe (live)')).toBeInTheDocument();
    expect(screen.getByText('Stripe · live')).toBeInTheDocument();
  });
});

describe('Settings → Billing & Payments: exports', () => {
  it('offers the invoices’ CSV export (on the Invoices screen), not a download of the owner’s personal data', async () => {
    mockRoute(contract.admin.getBillingSettings, { status: 200, body: settings() });
    renderWithApi(<BillingTab />);
    expect(await screen.findByText('Sandbox payments (no Stripe keys configured)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Export invoices' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to Invoices' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/dashboard#invoices');
  });
});
