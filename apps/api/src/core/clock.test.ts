import { describe, expect, it } from 'vitest';
import { humanDate } from './clock';

describe('humanDate', () => {
  it('writes a day as the product shows dates', () => {
    expect(humanDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(humanDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(humanDate('2026-12-31', 'long')).toBe('December 31, 2026');
  });

  it('reads a date-time as its UTC day', () => {
    expect(humanDate('2026-12-31T23:30:00.000Z')).toBe('Dec 31, 2026');
    expect(humanDate(new Date('2027-01-01T00:10:00Z'))).toBe('Jan 1, 2027');
  });

  it('leaves what is not a date as it is', () => {
    expect(humanDate('soon')).toBe('soon');
  });
});
