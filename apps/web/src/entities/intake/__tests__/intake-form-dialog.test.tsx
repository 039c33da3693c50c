import { contract, FILE_TOO_LARGE, ZIntakeForm, type TFile, type TIntakeForm } from '@agency/contract';
import { generateMock } from '@anatine/zod-mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientSession } from '@/test/billing-fixtures';
import { apiRequests, mockRoute, uploadableFile } from '@/test/mock-api';
import { order, orderLine } from '@/test/order-fixtures';
import { renderWithApi } from '@/test/render';
import { INTAKE_SENT, IntakeFormDialog, type TIntakeTarget } from '../components/intake-form-dialog';

const FOR_ORDER: TIntakeTarget = { id: 9, subject: 'Order #12', order: 12 };
const FOR_PLAN: TIntakeTarget = { id: 10, subject: 'Pro plan', order: null };

function sentForm(overrides: Partial<TIntakeForm> = {}): TIntakeForm {
  return { ...generateMock(ZIntakeForm, { seed: 4 }), id: 9, status: 'submitted', ...overrides };
}

const LOGO: TFile = {
  id: 340,
  name: 'logo.png',
  file_type: 'image',
  size: 2048,
  content_type: 'image/png',
  client: 7,
  url: '/api/files/340/download/',
  created_at: '2026-03-01T09:00:00.000Z',
};

function renderDialog(form: TIntakeTarget = FOR_PLAN) {
  const onClose = vi.fn();
  const utils = renderWithApi(<IntakeFormDialog form={form} onClose={onClose} />, { session: clientSession() });
  return { ...utils, onClose, user: userEvent.setup() };
}

async function dialog() {
  const d = await screen.findByRole('dialog', { name: 'Intake form' });
  await within(d).findByRole('form');
  return d;
}

async function fillRequired(d: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
  await user.clear(within(d).getByLabelText('Account to grow'));
  await user.type(within(d).getByLabelText('Account to grow'), '@northwind');
  await user.type(within(d).getByLabelText('Goals'), 'More local followers');
  await user.type(within(d).getByLabelText('Audience'), 'Coffee lovers in Portland');
}

describe('IntakeFormDialog', () => {
  it("prefills the account with the order's first line and names what the form is for", async () => {
    mockRoute(contract.orders.getOrder, {
      status: 200,
      body: order({ id: 12, lines: [orderLine({ target: '@northwindcoffee' }), orderLine({ target: '@other' })] }),
    });
    renderDialog(FOR_ORDER);
    const d = await dialog();
    expect(d).toHaveTextContent('For Order #12.');
    expect(within(d).getByLabelText('Account to grow')).toHaveValue('@northwindcoffee');
    expect(apiRequests({ route: contract.orders.getOrder })[0]?.params.id).toBe('12');
  });

  it("shows the contract's messages under the empty fields and sends nothing", async () => {
    const calls = mockRoute(contract.intake.submitIntakeForm, { status: 200, body: sentForm() });
    const { user } = renderDialog();
    const d = await dialog();
    await user.click(within(d).getByRole('button', { name: 'Send form' }));

    expect(await within(d).findByText('Enter the account to grow')).toBeInTheDocument();
    expect(within(d).getByText('Tell us your goals')).toBeInTheDocument();
    expect(within(d).getByText('Tell us who your audience is')).toBeInTheDocument();
    expect(within(d).getByLabelText('Account to grow')).toHaveAttribute('aria-invalid', 'true');
    expect(within(d).getByLabelText('Account to grow')).toHaveFocus();
    expect(calls).toHaveLength(0);

    // Typing in a field clears its message.
    await user.type(within(d).getByLabelText('Goals'), 'Grow');
    expect(within(d).queryByText('Tell us your goals')).not.toBeInTheDocument();
  });

  it('counts the characters of the long answers against the limit', async () => {
    const { user } = renderDialog();
    const d = await dialog();
    await user.type(within(d).getByLabelText('Goals'), 'Hello');
    expect(within(d).getByText('5 / 2,000 characters')).toBeInTheDocument();
  });

  it('adds and removes competitors (up to 10) and flags an empty one', async () => {
    const calls = mockRoute(contract.intake.submitIntakeForm, { status: 200, body: sentForm() });
    const { user } = renderDialog();
    const d = await dialog();
    await fillRequired(d, user);

    const add = within(d).getByRole('button', { name: 'Add competitor' });
    await user.click(add);
    expect(within(d).getByLabelText('Competitor 1')).toHaveFocus();
    await user.type(within(d).getByLabelText('Competitor 1'), '@first');
    await user.click(add);
    await user.type(within(d).getByLabelText('Competitor 2'), '@second');
    await user.click(add);

    // The third stays empty: the contract's message, under that row.
    await user.click(within(d).getByRole('button', { name: 'Send form' }));
    expect(await within(d).findByText('Remove the empty competitor')).toBeInTheDocument();
    expect(within(d).getByLabelText('Competitor 3')).toHaveAttribute('aria-invalid', 'true');
    expect(within(d).getByLabelText('Competitor 3')).toHaveFocus();
    expect(calls).toHaveLength(0);

    await user.click(within(d).getByRole('button', { name: 'Remove competitor 3' }));
    expect(within(d).queryByText('Remove the empty competitor')).not.toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Remove competitor 1' }));
    expect(within(d).getAllByLabelText(/^Competitor \d+$/)).toHaveLength(1);
    expect(within(d).getByLabelText('Competitor 1')).toHaveValue('@second');

    for (let i = 0; i < 9; i++) await user.click(add);
    expect(within(d).getAllByLabelText(/^Competitor \d+$/)).toHaveLength(10);
    expect(add).toBeDisabled();
    expect(within(d).getByText('10 of 10 added')).toBeInTheDocument();
  });

  it('uploads a brand asset, then sends the answers with its id; success closes with a toast', async () => {
    const uploads = mockRoute(contract.files.uploadFile, { status: 201, body: LOGO });
    const calls = mockRoute(contract.intake.submitIntakeForm, { status: 200, body: sentForm() });
    const { user, onClose } = renderDialog();
    const d = await dialog();
    await fillRequired(d, user);
    await user.click(within(d).getByRole('button', { name: 'Add competitor' }));
    await user.type(within(d).getByLabelText('Competitor 1'), '  @stumptown ');

    await user.upload(within(d).getByLabelText('Brand asset file'), uploadableFile('png-bytes', 'logo.png', 'image/png'));
    const asset = await within(d).findByRole('button', { name: 'Remove logo.png' });
    expect(asset.closest('li')).toHaveTextContent('2.0 KB');
    expect(uploads).toHaveLength(1);
    expect((uploads[0]!.body as FormData).get('name')).toBe('logo.png');

    await user.click(within(d).getByRole('button', { name: 'Send form' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.params).toMatchObject({ id: '10' });
    expect(calls[0]!.body).toEqual({
      handle: '@northwind',
      goals: 'More local followers',
      audience: 'Coffee lovers in Portland',
      competitors: ['@stumptown'],
      assets: [340],
    });
    expect(await screen.findByText(INTAKE_SENT)).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('a removed asset is not sent; a refused upload says why', async () => {
    mockRoute(contract.files.uploadFile, { status: 201, body: LOGO }, { once: true });
    const calls = mockRoute(contract.intake.submitIntakeForm, { status: 200, body: sentForm() });
    const { user } = renderDialog();
    const d = await dialog();
    await fillRequired(d, user);
    await user.upload(within(d).getByLabelText('Brand asset file'), uploadableFile('png-bytes', 'logo.png', 'image/png'));
    await user.click(await within(d).findByRole('button', { name: 'Remove logo.png' }));
    expect(within(d).queryByTestId('intake-asset')).not.toBeInTheDocument();

    mockRoute(contract.files.uploadFile, { status: 413, body: { detail: 'Too large', code: 'payload_too_large' } });
    await user.upload(within(d).getByLabelText('Brand asset file'), uploadableFile('big', 'big.png', 'image/png'));
    expect(await within(d).findByRole('alert')).toHaveTextContent(`big.png: ${FILE_TOO_LARGE}`);
    expect(within(d).queryByTestId('intake-asset')).not.toBeInTheDocument();

    await user.click(within(d).getByRole('button', { name: 'Send form' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as { assets: number[] }).assets).toEqual([]);
  });

  it('a 409 (sent already or started without it) shows its detail and keeps the dialog open', async () => {
    mockRoute(contract.intake.submitIntakeForm, {
      status: 409,
      body: { detail: 'The team has already started without this form.', code: 'conflict' },
    });
    const { user, onClose } = renderDialog();
    const d = await dialog();
    await fillRequired(d, user);
    await user.click(within(d).getByRole('button', { name: 'Send form' }));
    expect(await within(d).findByText('The team has already started without this form.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Intake form' })).toBeInTheDocument();
  });

  it("puts the server's field errors under their fields", async () => {
    mockRoute(contract.intake.submitIntakeForm, {
      status: 400,
      body: {
        detail: 'One of the files was not found; upload it again.',
        code: 'bad_request',
        errors: { assets: ['One of the files was not found; upload it again.'], 'competitors.0': ['Use at most 200 characters'] },
      },
    });
    const { user } = renderDialog();
    const d = await dialog();
    await fillRequired(d, user);
    await user.click(within(d).getByRole('button', { name: 'Add competitor' }));
    await user.type(within(d).getByLabelText('Competitor 1'), '@rival');
    await user.click(within(d).getByRole('button', { name: 'Send form' }));

    expect(await within(d).findByText('Use at most 200 characters')).toBeInTheDocument();
    expect(within(d).getByLabelText('Competitor 1')).toHaveAttribute('aria-invalid', 'true');
    expect(within(d).getByText('One of the files was not found; upload it again.')).toBeInTheDocument();
  });
});
