import { describe, expect, it } from 'vitest';
import { displayIp } from '@/lib/format';
import { actionLabel, changeLines, objectText } from './audit-format';

describe('how the audit log reads', () => {
  it('names actions and objects in words', () => {
    expect(actionLabel('invoice.payment_recorded')).toBe('Invoice payment recorded');
    // One's own account goes without saying.
    expect(actionLabel('auth.signed_in')).toBe('Signed in');
    expect(actionLabel('auth.sign_in_failed')).toBe('Sign in failed');
    expect(changeLines({ method: 'password', reason: 'wrong_password' })).toEqual(['method: password', 'reason: wrong_password']);
    expect(actionLabel('account.notification_preferences_updated')).toBe('Notification preferences updated');
    expect(objectText({ object_type: 'client_member', object_id: '12', object_label: null })).toBe('Client member #12');
    expect(objectText({ object_type: 'invoice', object_id: '3', object_label: 'NS-2026-0003' })).toBe('NS-2026-0003');
  });

  it('shows a change as before → after and a fact as its value; an empty value as a dash', () => {
    expect(changeLines({ monthly_fee: [1500, 2000], company: ['', 'Acme'], method: 'cash' })).toEqual([
      'monthly fee: 1500 → 2000',
      'company: — → Acme',
      'method: cash',
    ]);
    expect(changeLines(null)).toEqual([]);
  });

  it('reads an IPv4 address seen over IPv6 as IPv4', () => {
    expect(displayIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(displayIp('2001:db8::1')).toBe('2001:db8::1');
    expect(displayIp(null)).toBe('—');
  });
});
