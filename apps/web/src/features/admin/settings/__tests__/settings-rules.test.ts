import { describe, expect, it } from 'vitest';
import { PASSWORD_TOO_LONG } from '@agency/contract';
import { ZChangePasswordForm } from '@/entities/account';
import { lastChangedText } from '../components/security-tab';
import { isDeletePhrase } from '../components/danger-zone-tab';
import { filenameFromDisposition } from '@/lib/download';

function messages(values: Record<string, string>): string[] {
  const r = ZChangePasswordForm.safeParse(values);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('change password form', () => {
  it('requires 8 characters', () => {
    expect(messages({ current_password: 'old', new_password: 'short', confirm_password: 'short' })).toContain(
      'Password must be at least 8 characters long',
    );
  });
  it('requires the confirmation to match', () => {
    expect(messages({ current_password: 'old', new_password: 'LongEnough1', confirm_password: 'LongEnough2' })).toEqual([
      'New passwords do not match',
    ]);
  });
  it('refuses more than 72 bytes, as the API does (bcrypt reads no further)', () => {
    const long = `${'ö'.repeat(36)}x`;
    expect(messages({ current_password: 'old', new_password: long, confirm_password: long })).toEqual([PASSWORD_TOO_LONG]);
    const fits = 'ö'.repeat(36);
    expect(messages({ current_password: 'old', new_password: fits, confirm_password: fits })).toEqual([]);
  });
  it('accepts a valid change', () => {
    expect(messages({ current_password: 'old', new_password: 'LongEnough1', confirm_password: 'LongEnough1' })).toEqual([]);
  });
});

describe('last changed', () => {
  const now = new Date('2025-06-01T12:00:00Z');
  it('is relative to the real date', () => {
    expect(lastChangedText('2025-03-01T12:00:00Z', now)).toBe('Last changed 3 months ago');
    expect(lastChangedText('2025-06-01T11:59:50Z', now)).toBe('Last changed less than a minute ago');
  });
  it('never says "in" for a time slightly ahead, and is empty when unknown', () => {
    expect(lastChangedText('2025-06-01T12:00:05Z', now)).toBe('Last changed less than a minute ago');
    expect(lastChangedText('', now)).toBe('');
    expect(lastChangedText('not a date', now)).toBe('');
  });
});

describe('delete account phrase', () => {
  it('must match exactly', () => {
    expect(isDeletePhrase('DELETE MY ACCOUNT')).toBe(true);
    expect(isDeletePhrase('delete my account')).toBe(false);
    expect(isDeletePhrase('DELETE MY ACCOUNT ')).toBe(false);
  });
});

describe('download file names', () => {
  it('reads Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="invoice-INV-1.pdf"')).toBe('invoice-INV-1.pdf');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf")).toBe('résumé.pdf');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
