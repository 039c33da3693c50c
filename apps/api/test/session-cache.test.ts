import { describe, expect, it } from 'vitest';
import { SessionCache, type Session } from '../src/modules/auth/session-cache';

const session = (userId: number, tokenId: number, expiresAt = new Date(1_000_000)): Session => ({
  tokenId,
  userId,
  role: 'client',
  staffRole: null,
  email: `u${userId}@example.test`,
  clientId: userId * 10,
  clientPermission: 'full',
  expiresAt,
  lastUsedAt: null,
});

describe('the guard\'s session cache', () => {
  it('serves a lookup for its TTL only, and never past the token\'s own expiry', () => {
    const cache = new SessionCache(5000);
    cache.set('a', session(1, 1), cache.mark(), 0);
    cache.set('b', session(2, 2, new Date(3000)), cache.mark(), 0);
    expect(cache.get('a', 4999)?.tokenId).toBe(1);
    expect(cache.get('a', 5000)).toBeUndefined();
    expect(cache.get('b', 2999)?.tokenId).toBe(2);
    expect(cache.get('b', 3000)).toBeUndefined();
  });

  it('forgetting a user drops every token of theirs and nobody else\'s', () => {
    const cache = new SessionCache(5000);
    cache.set('a1', session(1, 1), cache.mark(), 0);
    cache.set('a2', session(1, 2), cache.mark(), 0);
    cache.set('b', session(2, 3), cache.mark(), 0);
    cache.forgetUser(1);
    expect(cache.get('a1', 1)).toBeUndefined();
    expect(cache.get('a2', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.userId).toBe(2);
  });

  it('a lookup that was under way when a session ended is not kept (it may have read the row before)', () => {
    const cache = new SessionCache(5000);
    const mark = cache.mark();
    cache.forgetUser(7); // a sign-out commits while the lookup runs
    cache.set('a', session(1, 1), mark, 0);
    expect(cache.get('a', 1)).toBeUndefined();
    cache.set('a', session(1, 1), cache.mark(), 0);
    expect(cache.get('a', 1)?.tokenId).toBe(1);
  });

  it('stays bounded: the oldest entries make room', () => {
    const cache = new SessionCache(5000);
    for (let i = 0; i < 20_005; i++) cache.set(`t${i}`, session(i, i), cache.mark(), 0);
    expect(cache.size).toBe(20_000);
    expect(cache.get('t0', 1)).toBeUndefined();
    expect(cache.get('t20004', 1)?.tokenId).toBe(20_004);
  });
});
