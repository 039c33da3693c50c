import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { rescheduledTo } from '../lib/reschedule';

describe('rescheduledTo', () => {
  const tz = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    process.env.TZ = tz;
  });

  it('keeps the local time of day on the new day', () => {
    // 10:30 in New York on March 10 (EDT starts on March 9, 2031) → 10:30 on March 12.
    expect(rescheduledTo('2031-03-10T14:30:00.000Z', '2031-03-12')).toBe('2031-03-12T14:30:00.000Z');
  });

  it('keeps the wall-clock time across a daylight-saving change', () => {
    // 09:00 EST on March 7 → 09:00 EDT on March 10 (one hour less in UTC).
    expect(rescheduledTo('2031-03-07T14:00:00.000Z', '2031-03-10')).toBe('2031-03-10T13:00:00.000Z');
  });
});
