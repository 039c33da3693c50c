import { contract, type TPaymentMethod, type TSubscription } from '@agency/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiRequests, mockRoute } from '@/test/mock-api';
import { renderWithApi } from '@/test/render';
import { clientSession, serveBillingPage, subscription } from '@/test/billing-fixtures';
import ClientBillingPage from '../billing.page';

let current: TSubscription | null;

beforeEach(() => {
  current = subscription();
  serveBillingPage(() => current);
});

function renderTab(tab: string) {
  renderWithApi(<ClientBillingPage />, { session: clientSession(), route: `/dashboard?tab=${tab}#billing` });
  return userEvent.setup();
}

describe('subscription tab', () => {
  it('shows the plan features and next billing date; Change Plan previews the cost and confirms with the same proration_date', async () => {
    const previews = mockRoute(contract.billing.previewPlanChange, {
      status: 200,
      body: {
        plan: 'premium',
        plan_name: 'Premium',
        price: 400,
        billing_cycle: 'monthly',
        proration_amount: 75.5,
        amount_due: 475.5,
        next_billing_date: '2026-03-01',
        proration_date: 1771372800,
      },
    });
    const changes = mockRoute(contract.billing.changePlan, () => {
      current = subscription({ plan: 'premium', plan_name: 'Premium', price: 400, price_id: 'price_premium_monthly' });
      return { status: 200, body: current };
    });
    const user = renderTab('subscription');
    expect(await screen.findByText('Aggressive boosting')).toBeInTheDocument();
    expect(screen.getByText('Next billing date')).toBeInTheDocument();
    expect(screen.getAllByText(/Mar 1, 2026/).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Change Plan' }));
    expect(await screen.findByRole('heading', { name: 'Change Your Plan' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Current plan' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Select Premium' }));

    const cost = await screen.findByRole('region', { name: 'Cost of the change' });
    expect(within(cost).getByText('$400.00')).toBeInTheDocument();
    expect(within(cost).getByText('$75.50')).toBeInTheDocument();
    expect(within(cost).getByText('$475.50')).toBeInTheDocument();
    expect(previews[0]?.body).toEqual({ price_id: 'price_premium_monthly', plan_name: 'Premium' });
    expect(changes).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Confirm Plan Change' }));
    expect(await screen.findByText('Your plan is now Premium.')).toBeInTheDocument();
    expect(changes[0]?.body).toEqual({ price_id: 'price_premium_monthly', plan_name: 'Premium', proration_date: 1771372800 });
    expect(await screen.findByRole('tab', { name: 'Subscription' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Billing summary' })).getByText('Premium')).toBeInTheDocument();
  });

  it('a failed change stays on the details with the reason', async () => {
    mockRoute(contract.billing.previewPlanChange, {
      status: 200,
      body: { plan: 'starter', plan_name: 'Starter', price: 100, billing_cycle: 'monthly', proration_amount: 0, amount_due: 100, next_billing_date: null, proration_date: 5 },
    });
    mockRoute(contract.billing.changePlan, { status: 409, body: { detail: 'Your last payment failed: pay it before changing plans.', code: 'conflict' } });
    const user = renderTab('subscription');
    await user.click(await screen.findByRole('button', { name: 'Change Plan' }));
    await user.click(await screen.findByRole('button', { name: 'Select Starter' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Plan Change' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Plan Change Failed');
    expect(alert).toHaveTextContent('Your last payment failed: pay it before changing plans.');
  });

  it('Cancel asks first, naming the date it ends; afterwards the plan shows "Ends on …"', async () => {
    const cancels = mockRoute(contract.billing.cancelSubscription, () => {
      current = subscription({ cancel_at_period_end: true });
      return { status: 200, body: current };
    });
    const user = renderTab('subscription');
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Your Pro plan stays active until Mar 1, 2026, then ends.');
    expect(cancels).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Subscription cancelled. It ends on Mar 1, 2026.')).toBeInTheDocument();
    expect(cancels[0]?.body).toEqual({ at_period_end: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getAllByText('Ends on Mar 1, 2026').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });
});

describe('pausing the plan', () => {
  it('Pause asks first and says nothing is charged; paused, the plan shows it and no next billing date; Resume brings the renewal back', async () => {
    const pauses = mockRoute(contract.billing.pauseSubscription, () => {
      current = subscription({ paused_at: '2026-02-10T09:00:00Z', next_billing_date: null });
      return { status: 200, body: current };
    });
    const resumes = mockRoute(contract.billing.resumeSubscription, () => {
      current = subscription({ paused_at: null, next_billing_date: '2026-03-01' });
      return { status: 200, body: current };
    });
    const user = renderTab('subscription');
    await user.click(await screen.findByRole('button', { name: 'Pause plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause your plan?' });
    expect(dialog).toHaveTextContent('nothing is charged while it is paused and no renewal is due');
    expect(pauses).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pause plan' }));

    expect(await screen.findByText('Your plan is paused.')).toBeInTheDocument();
    expect(pauses).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Monthly, paused')).toBeInTheDocument();
    expect(screen.getByText('None while paused')).toBeInTheDocument();
    expect(screen.getAllByText('Paused').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Pause plan' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resume plan' }));
    const resumeDialog = await screen.findByRole('dialog', { name: 'Resume your plan?' });
    expect(resumeDialog).toHaveTextContent('renews at $250/month at the end of the current billing period');
    await user.click(within(resumeDialog).getByRole('button', { name: 'Resume plan' }));
    expect(await screen.findByText('Your plan is running again. Next payment on Mar 1, 2026.')).toBeInTheDocument();
    expect(resumes).toHaveLength(1);
    expect(await screen.findByText('Monthly, renews automatically')).toBeInTheDocument();
  });

  it('a refused pause stays in the dialog with the reason', async () => {
    mockRoute(contract.billing.pauseSubscription, {
      status: 409,
      body: { detail: 'Your last payment failed: pay the open invoice before pausing your plan.', code: 'conflict' },
    });
    const user = renderTab('subscription');
    await user.click(await screen.findByRole('button', { name: 'Pause plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pause your plan?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pause plan' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your last payment failed: pay the open invoice before pausing your plan.');
  });
});

describe('payment methods tab', () => {
  const visa: TPaymentMethod = { id: 'pm_visa', brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, is_default: true };
  const mc: TPaymentMethod = { id: 'pm_mc', brand: 'mastercard', last4: '4444', exp_month: 11, exp_year: 2029, is_default: false };

  it('with no card shows the empty state with Add card', async () => {
    mockRoute(contract.billing.listPaymentMethods, { status: 200, body: { results: [] } });
    renderTab('payment-methods');
    expect(await screen.findByText('No saved cards')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add card' })).toBeInTheDocument();
  });

  it('lists cards with brand, last 4, expiry and the default; Set default moves the marker', async () => {
    mockRoute(contract.billing.listPaymentMethods, { status: 200, body: { results: [visa, mc] } });
    const defaults = mockRoute(contract.billing.setDefaultPaymentMethod, {
      status: 200,
      body: { results: [{ ...visa, is_default: false }, { ...mc, is_default: true }] },
    });
    const user = renderTab('payment-methods');
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Visa •••• 4242');
    expect(first).toHaveTextContent('Expires 04/30');
    expect(within(first).getByText('Default')).toBeInTheDocument();
    expect(second).toHaveTextContent('Mastercard •••• 4444');
    expect(within(second).queryByText('Default')).not.toBeInTheDocument();

    await user.click(within(second).getByRole('button', { name: 'Set default Mastercard •••• 4444' }));
    await waitFor(() => expect(within(second).getByText('Default')).toBeInTheDocument());
    expect(within(first).queryByText('Default')).not.toBeInTheDocument();
    expect(defaults[0]?.params.id).toBe('pm_mc');
    expect(await screen.findByText('Mastercard •••• 4444 is now your default card')).toBeInTheDocument();
  });

  it('Remove asks for confirmation, then deletes the card', async () => {
    let cards = [visa, mc];
    mockRoute(contract.billing.listPaymentMethods, () => ({ status: 200, body: { results: cards } }));
    const deletes = mockRoute(contract.billing.deletePaymentMethod, () => {
      cards = [visa];
      return { status: 204, body: undefined };
    });
    const user = renderTab('payment-methods');
    await user.click(await screen.findByRole('button', { name: 'Remove Mastercard •••• 4444' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(deletes).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Mastercard •••• 4444 removed')).toBeInTheDocument();
    expect(deletes[0]?.params.id).toBe('pm_mc');
    await waitFor(() => expect(screen.queryByText('Mastercard •••• 4444')).not.toBeInTheDocument());
  });

  it('Add card saves a card through a setup intent and the list shows it', async () => {
    let cards: TPaymentMethod[] = [];
    mockRoute(contract.billing.listPaymentMethods, () => ({ status: 200, body: { results: cards } }));
    mockRoute(contract.billing.createSetupIntent, {
      status: 200,
      body: { client_secret: 'seti_5_secret_q', setup_intent_id: 'seti_5', provider: 'sandbox' },
    });
    const confirms = mockRoute(contract.billing.confirmSetup, () => {
      cards = [visa];
      return { status: 200, body: { status: 'succeeded' as const, error: null, decline_code: null } };
    });
    const user = renderTab('payment-methods');
    await user.click(await screen.findByRole('button', { name: 'Add card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await user.click(await within(dialog).findByRole('button', { name: 'Use test card 4242 4242 4242 4242' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Card saved')).toBeInTheDocument();
    expect(confirms[0]?.body).toMatchObject({ setup_intent_id: 'seti_5', card_number: '4242424242424242' });
    const list = await screen.findByRole('list', { name: 'Saved cards' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Visa •••• 4242');
    expect(apiRequests({ route: contract.billing.createSetupIntent })).toHaveLength(1);
  });
});
