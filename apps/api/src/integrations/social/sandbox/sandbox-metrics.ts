import { createHash } from 'node:crypto';
import type { SocialMetrics, SocialProviderName } from '../provider';

/**
 * The sandbox's numbers: plausible and deterministic per account and UTC day (the same account read twice on
 * one day answers the same; tomorrow it has grown). Followers grow a little every day (more at weekends),
 * engagement sits around 2-6 %, reach is a share of followers, posts accumulate about every other day.
 */
const EPOCH = Date.UTC(2025, 0, 1);
const DAY_MS = 86_400_000;
const BASE_FOLLOWERS: Record<SocialProviderName, number> = { instagram: 3000, youtube: 800, tiktok: 3000 };

/** Fractions 0..1 from a hash of the parts (byte pairs of a SHA-256). */
function unitFloats(...parts: string[]): number[] {
  const h = createHash('sha256').update(parts.join('|')).digest();
  return Array.from({ length: 8 }, (_, i) => h.readUInt16BE(i * 2) / 65_536);
}

export function sandboxMetrics(platform: SocialProviderName, accountId: string, day: string): SocialMetrics {
  const [u0 = 0, u1 = 0, u2 = 0, u3 = 0] = unitFloats('account', accountId);
  const [n0 = 0, n1 = 0, n2 = 0] = unitFloats('day', accountId, day);
  const date = new Date(`${day}T00:00:00Z`);
  const d = Math.round((date.getTime() - EPOCH) / DAY_MS);
  const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
  const base = BASE_FOLLOWERS[platform] * Math.exp(u0 * 2.3);
  const growth = 0.0008 + u1 * 0.0022;
  // Weekends count 1.15 days of growth: about 1.043 days per calendar day, plus today's weekend lift.
  const effectiveDays = d * (1 + (0.15 * 2) / 7) + (weekend ? 0.15 : 0);
  const followers = Math.max(0, Math.round(base * Math.exp(growth * effectiveDays) * (1 + (n0 - 0.5) * 0.0006)));
  const engagement = Math.min(0.08, Math.max(0.01, 0.02 + u2 * 0.035 + (n1 - 0.5) * 0.012));
  const reach = Math.round(followers * (0.35 + n2 * 0.75) * (weekend ? 1.15 : 1));
  const posts = Math.max(0, 20 + Math.floor(u3 * 100) + Math.floor(d * 0.45));
  return { followers, posts, reach, engagementRate: Math.round(engagement * 10_000) / 10_000 };
}
