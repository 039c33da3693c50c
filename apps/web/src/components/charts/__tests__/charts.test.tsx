import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatChange, formatMonth, formatSignedCount } from '@/lib/format';
import { DonutChart, LineChart } from '..';

describe('chart figures', () => {
  it('a line chart is a titled figure with its exact figures in a table, — for a missing value', () => {
    render(
      <LineChart
        title="Follower Growth"
        data={[
          { month: '2025-01', followers: 1_234_567 },
          { month: '2025-02', followers: null },
        ]}
        categoryKey="month"
        categoryLabel="Month"
        categoryFormat={(m) => formatMonth(m)}
        series={[{ key: 'followers', label: 'Followers' }]}
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Follower Growth' });
    expect(within(figure).getByRole('img', { name: /Follower Growth chart/ })).toBeInTheDocument();
    const rows = within(figure).getAllByRole('row');
    expect(rows[0]).toHaveTextContent('MonthFollowers');
    expect(rows[1]).toHaveTextContent('Jan 20251,234,567');
    expect(rows[2]).toHaveTextContent('Feb 2025—');
  });

  it('no data: says so instead of drawing an empty chart', () => {
    render(<LineChart title="Growth" data={[]} categoryKey="month" series={[]} emptyText="Nothing measured yet." />);
    expect(screen.getByText('Nothing measured yet.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a donut lists each slice with its share', () => {
    render(
      <DonutChart
        title="Platforms"
        data={[
          { label: 'Instagram', value: 3 },
          { label: 'TikTok', value: 1 },
        ]}
      />,
    );
    const rows = within(screen.getByRole('figure', { name: 'Platforms' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Instagram375.0%');
    expect(rows[2]).toHaveTextContent('TikTok125.0%');
  });
});

describe('trend texts', () => {
  it('formats a change in percent; null (no earlier period) is —, never 0', () => {
    expect(formatChange(4.25)).toEqual({ text: '+4.3%', direction: 'up' });
    expect(formatChange(-3)).toEqual({ text: '-3%', direction: 'down' });
    expect(formatChange(0.01)).toEqual({ text: '0%', direction: 'flat' });
    expect(formatChange(null)).toEqual({ text: '—', direction: 'flat' });
  });

  it('signs counts and names months', () => {
    expect(formatSignedCount(12)).toBe('+12');
    expect(formatSignedCount(-1500)).toBe('-1,500');
    expect(formatSignedCount(0)).toBe('0');
    expect(formatMonth('2025-03')).toBe('Mar 2025');
    expect(formatMonth('2025-12', true)).toBe("Dec '25");
    expect(formatMonth('soon')).toBe('soon');
  });
});
