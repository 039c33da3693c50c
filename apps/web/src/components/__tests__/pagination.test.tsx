import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ListFooter } from '@/components/ui';

describe('list footer and pager', () => {
  it('shows the exact total and the last page; Next stops there', () => {
    const onPageChange = vi.fn();
    render(<ListFooter noun={['invoice', 'invoices']} page={3} count={120} pageSize={50} onPageChange={onPageChange} />);
    expect(screen.getByText('120 invoices')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /next/i })).toBeDisabled();
  });

  it('a capped total reads "1,000+" and paging goes on past the counted pages', () => {
    const onPageChange = vi.fn();
    render(<ListFooter noun={['task', 'tasks']} page={20} count={1_000} capped pageSize={50} onPageChange={onPageChange} />);
    expect(screen.getByText('1,000+ tasks')).toBeInTheDocument();
    expect(screen.getByText('Page 20 of 20+')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /next/i }));
    expect(onPageChange).toHaveBeenCalledWith(21);
  });
});
