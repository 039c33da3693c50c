import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { orderLine } from '@/test/order-fixtures';
import { OrderLineEditor } from '../components/order-line-editor';

describe('order line editor', () => {
  it('a measured line: figures come from the connected account and cannot be typed; status still can', async () => {
    const onSave = vi.fn();
    render(<OrderLineEditor line={orderLine({ id: 9, measured: true, delivered: 250, ordered_amount: 1000 })} editable saving={false} onSave={onSave} />);
    expect(screen.getByText('Measured from the connected account')).toBeInTheDocument();
    expect(screen.getByLabelText('Start count')).toBeDisabled();
    expect(screen.getByLabelText('Delivered')).toBeDisabled();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '250');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Completed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(9, { status: 'completed' });
  });

  it('a line staff measure: start count and delivered are sent with the status', async () => {
    const onSave = vi.fn();
    render(<OrderLineEditor line={orderLine({ id: 10, measured: false, start_count: null, delivered: 0 })} editable saving={false} onSave={onSave} />);
    expect(screen.queryByText('Measured from the connected account')).not.toBeInTheDocument();
    const delivered = screen.getByLabelText('Delivered');
    expect(delivered).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Start count'), '1200');
    await userEvent.clear(delivered);
    await userEvent.type(delivered, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(10, { start_count: 1200, delivered: 300 });
  });
});
