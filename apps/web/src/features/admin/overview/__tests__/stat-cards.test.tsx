import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatCards } from '../components/stat-cards';

const STATS = {
  total_revenue: 12500,
  collected_this_month: 9000,
  active_clients: 9,
  pending_tasks: 4,
  overdue_payments: 7,
  revenue_change_percent: null,
  active_clients_gained_this_week: 0,
};

describe('overview stat cards', () => {
  it('Monthly Revenue is what the active clients pay a month, with this month’s collections and their trend beside it', () => {
    const { unmount } = render(<StatCards stats={{ ...STATS, revenue_change_percent: -33.9 }} />);
    expect(screen.getByText('$12,500')).toBeInTheDocument();
    expect(screen.getByText('$9,000 collected this month (-33.9% vs last month)')).toBeInTheDocument();
    unmount();
    render(<StatCards stats={STATS} />);
    expect(screen.getByText('$9,000 collected this month')).toBeInTheDocument();
  });

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
