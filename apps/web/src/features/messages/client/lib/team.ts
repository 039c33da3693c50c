import type { TTeamMember } from '@agency/contract';

export type TPresenceTone = 'online' | 'away' | 'offline';

/** Presence as shown: online green, away yellow, offline or anything else gray (client-and-public 2.7). */
export function presenceOf(status: string | null | undefined): { tone: TPresenceTone; label: string; dotClass: string } {
  if (status === 'online') return { tone: 'online', label: 'Online', dotClass: 'bg-success-600' };
  if (status === 'away') return { tone: 'away', label: 'Away', dotClass: 'bg-warning-600' };
  return { tone: 'offline', label: 'Offline', dotClass: 'bg-fg-subtle' };
}

/** The strip shows up to `limit` members, online first, then away, then the rest (stable within a group). */
export function teamStrip(members: readonly TTeamMember[], limit: number): TTeamMember[] {
  const rank = (m: TTeamMember) => ({ online: 0, away: 1 })[m.status as 'online' | 'away'] ?? 2;
  return [...members].sort((a, b) => rank(a) - rank(b)).slice(0, limit);
}

export const REVIEW_REQUEST_MESSAGE = "I'd like to schedule a review of my account";
