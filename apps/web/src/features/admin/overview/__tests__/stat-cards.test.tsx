import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCards } from '../components/stat-cards';

const STATS = {
  total_revenue: 12500,
  active_clients: 9,
  pending_tasks: 4,
  overdue_payments: 7,
  revenue_change_percent: null,
  active_clients_gained_this_week: 0,
};

describe('overview stat cards', () => {
  it('says Overdue Payments counts invoices past due, pending ones included', () => {
    render(<StatCards stats={STATS} />);
    expect(screen.getByText('Overdue Payments')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getByText('Invoices past due, incl. pending')).toBeInTheDocument();
  });

  it('says all invoices are on time when none is past due', () => {
    render(<StatCards stats={{ ...STATS, overdue_payments: 0 }} />);
    expect(screen.getByText('All invoices on time')).toBeInTheDocument();
  });
});
