import { describe, expect, it } from 'vitest';
import { truncate } from '@/lib/format';
import { clientsGainedTrend, revenueTrend } from '../components/format-trend';

describe('revenueTrend', () => {
  it('shows a dash when there is no earlier month', () => {
    expect(revenueTrend(null)).toEqual({ text: '—', direction: 'flat' });
  });
  it('signs and rounds to one decimal', () => {
    expect(revenueTrend(12)).toEqual({ text: '+12%', direction: 'up' });
    expect(revenueTrend(-75.74)).toEqual({ text: '-75.7%', direction: 'down' });
    expect(revenueTrend(0.04)).toEqual({ text: '0%', direction: 'flat' });
  });
});

describe('clientsGainedTrend', () => {
  it('reads as a weekly change', () => {
    expect(clientsGainedTrend(3).text).toBe('+3 this week');
    expect(clientsGainedTrend(-2)).toEqual({ text: '-2 this week', direction: 'down' });
    expect(clientsGainedTrend(0)).toEqual({ text: '+0 this week', direction: 'flat' });
  });
});

describe('truncate', () => {
  it('cuts long content at 200 characters with an ellipsis', () => {
    const long = 'a'.repeat(250);
    expect(truncate(long, 200)).toBe(`${'a'.repeat(200)}…`);
    expect(truncate('short', 200)).toBe('short');
  });
});
