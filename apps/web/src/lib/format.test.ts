import { describe, expect, it } from 'vitest';
import { DownloadError } from './download';
import {
  displayName,
  errorMessage,
  errorMessageFromBody,
  formatBadgeCount,
  formatCompact,
  formatCount,
  formatDateTime,
  formatDay,
  formatElapsed,
  formatLongDateTime,
  formatLongDay,
  formatRelativeTime,
  formatRelativeTimeInSentence,
  formatShortDay,
  formatTime,
  formatUsd,
  formatUsdCents,
  initials,
  truncate,
} from './format';

const NOW = new Date('2025-06-15T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe('formatRelativeTime', () => {
  it('says just now in lower case after a word, other times as they are', () => {
    expect(`Signed in ${formatRelativeTimeInSentence(ago(10 * S), NOW)}`).toBe('Signed in just now');
    expect(`Last used ${formatRelativeTimeInSentence(ago(5 * M), NOW)}`).toBe('Last used 5m ago');
  });
  it('says Just now under one minute', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('Just now');
    expect(formatRelativeTime(ago(59 * S), NOW)).toBe('Just now');
  });
  it('switches to minutes at 60 seconds', () => {
    expect(formatRelativeTime(ago(60 * S), NOW)).toBe('1m ago');
    expect(formatRelativeTime(ago(59 * M), NOW)).toBe('59m ago');
  });
  it('switches to hours at 60 minutes', () => {
    expect(formatRelativeTime(ago(60 * M), NOW)).toBe('1h ago');
    expect(formatRelativeTime(ago(23 * H), NOW)).toBe('23h ago');
  });
  it('switches to days at 24 hours', () => {
    expect(formatRelativeTime(ago(24 * H), NOW)).toBe('1d ago');
    expect(formatRelativeTime(ago(6 * D), NOW)).toBe('6d ago');
  });
  it('shows a date from 7 days', () => {
    const value = ago(7 * D);
    const text = formatRelativeTime(value, NOW);
    expect(text).not.toMatch(/ago$/);
    expect(text).toBe('Jun 8, 2025');
  });
  it('accepts ISO strings and ignores invalid input', () => {
    expect(formatRelativeTime(ago(5 * M).toISOString(), NOW)).toBe('5m ago');
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});

describe('formatCompact', () => {
  it('keeps numbers below 1,000 as they are', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
  });
  it('abbreviates with K from 1,000', () => {
    expect(formatCompact(1000)).toBe('1K');
    expect(formatCompact(1200)).toBe('1.2K');
    // Rounded, as the PDFs write them too (48,384 followers, 5,597,542 reach).
    expect(formatCompact(48_384)).toBe('48.4K');
    expect(formatCompact(1_249)).toBe('1.2K');
    expect(formatCompact(999_940)).toBe('999.9K');
  });
  it('takes the next unit when the rounding reaches it', () => {
    expect(formatCompact(999.6)).toBe('1K');
    expect(formatCompact(999_960)).toBe('1M');
    expect(formatCompact(5_597_542)).toBe('5.6M');
  });
  it('abbreviates with M from 1,000,000', () => {
    expect(formatCompact(1_000_000)).toBe('1M');
    expect(formatCompact(2_500_000)).toBe('2.5M');
  });
  it('writes no figure as a dash, never 0, and keeps the sign', () => {
    expect(formatCompact(null)).toBe('—');
    expect(formatCompact(undefined)).toBe('—');
    expect(formatCompact(-1500)).toBe('-1.5K');
  });
});

describe('USD', () => {
  it('formats without decimals', () => {
    expect(formatUsd(1500)).toBe('$1,500');
    expect(formatUsd('3000.00')).toBe('$3,000');
    expect(formatUsd(0)).toBe('$0');
  });
  it('formats with two decimals', () => {
    expect(formatUsdCents(1500)).toBe('$1,500.00');
    expect(formatUsdCents(12.5)).toBe('$12.50');
  });
});

describe('formatBadgeCount', () => {
  it('shows the count up to 9 and 9+ above', () => {
    expect(formatBadgeCount(0)).toBe('0');
    expect(formatBadgeCount(9)).toBe('9');
    expect(formatBadgeCount(10)).toBe('9+');
    expect(formatBadgeCount(120)).toBe('9+');
  });
});

describe('displayName and initials', () => {
  it('prefers name, then first and last, then email', () => {
    expect(displayName({ name: 'Ada Lovelace', first_name: 'A', last_name: 'L', email: 'a@x.io' })).toBe('Ada Lovelace');
    expect(displayName({ name: '', first_name: 'Grace', last_name: 'Hopper', email: 'g@x.io' })).toBe('Grace Hopper');
    expect(displayName({ name: '  ', first_name: '', last_name: '', email: 'g@x.io' })).toBe('g@x.io');
    expect(displayName(null)).toBe('');
  });
  it('takes the first letters of the first two words', () => {
    expect(initials('ada lovelace king')).toBe('AL');
    expect(initials('Prince')).toBe('P');
    expect(initials('')).toBe('');
  });
});

describe('errorMessageFromBody', () => {
  it('reads error, message or detail', () => {
    expect(errorMessageFromBody({ error: 'E' }, 400)).toBe('E');
    expect(errorMessageFromBody({ message: 'M' }, 400)).toBe('M');
    expect(errorMessageFromBody({ detail: 'Not found.', code: 'not_found' }, 404)).toBe('Not found.');
  });
  it('falls back to the status', () => {
    expect(errorMessageFromBody(undefined, 502)).toBe('HTTP error! status: 502');
    expect(errorMessageFromBody({ detail: '' }, 500)).toBe('HTTP error! status: 500');
  });
});

describe('errorMessage', () => {
  it("reads a ts-rest answer's body, and a failed download's own message (the server's words), not its status", () => {
    expect(errorMessage({ status: 404, body: { detail: 'Client not found.' } })).toBe('Client not found.');
    expect(errorMessage(new DownloadError('Report not found.', 404))).toBe('Report not found.');
    expect(errorMessage(null, 'Failed')).toBe('Failed');
  });
});

describe('formatElapsed', () => {
  it('counts whole minutes, hours and days, singular and plural', () => {
    expect(formatElapsed(ago(30 * S), NOW)).toBe('under a minute');
    expect(formatElapsed(ago(M), NOW)).toBe('1 minute');
    expect(formatElapsed(ago(59 * M), NOW)).toBe('59 minutes');
    expect(formatElapsed(ago(H), NOW)).toBe('1 hour');
    expect(formatElapsed(ago(23 * H + 59 * M), NOW)).toBe('23 hours');
    expect(formatElapsed(ago(D), NOW)).toBe('1 day');
    expect(formatElapsed(ago(45 * D), NOW)).toBe('45 days');
  });
  it('treats a future time as just now and an invalid one as empty', () => {
    expect(formatElapsed(new Date(NOW.getTime() + H), NOW)).toBe('under a minute');
    expect(formatElapsed('not a date', NOW)).toBe('');
  });
});

// Local times (no zone) read as the browser's own, so these hold in any time zone.
describe('dates and times', () => {
  const at = '2025-03-03T16:05:09';
  it('formats a day, a short day and a long day', () => {
    expect(formatDay('2025-03-03')).toBe('Mar 3, 2025');
    expect(formatDay(at)).toBe('Mar 3, 2025');
    expect(formatShortDay(at)).toBe('Mar 3');
    expect(formatLongDay(at)).toBe('March 3, 2025');
  });
  it('formats a moment with or without seconds, its time of day, and in long form with or without the weekday', () => {
    expect(formatDateTime(at)).toBe('Mar 3, 2025 4:05 PM');
    expect(formatDateTime(at, { seconds: true })).toBe('Mar 3, 2025 4:05:09 PM');
    expect(formatTime(at)).toBe('4:05 PM');
    expect(formatLongDateTime(at)).toBe('March 3, 2025 at 4:05 PM');
    expect(formatLongDateTime(at, { weekday: true })).toBe('Monday, March 3, 2025 at 4:05 PM');
  });
  it('shows a dash for none and unreadable text as it came', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
    expect(formatLongDateTime('soon')).toBe('—');
  });
});

describe('counts and text', () => {
  it('separates thousands and cuts long text with an ellipsis', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(12)).toBe('12');
    expect(truncate('a'.repeat(10), 4)).toBe('aaaa…');
    expect(truncate('short', 10)).toBe('short');
  });
});
