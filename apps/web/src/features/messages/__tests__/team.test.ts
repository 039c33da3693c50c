import type { TTeamMember } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { initials } from '@/lib/format';
import { presenceOf, teamStrip } from '../client/lib/team';

const m = (id: number, status: TTeamMember['status']): TTeamMember => ({ id, name: `Member ${id}`, role: 'Account Manager', status });

describe('presenceOf', () => {
  it('maps online to green, away to yellow, anything else to gray, each with a text label', () => {
    expect(presenceOf('online')).toMatchObject({ tone: 'online', label: 'Online', dotClass: 'bg-success-600' });
    expect(presenceOf('away')).toMatchObject({ tone: 'away', label: 'Away', dotClass: 'bg-warning-600' });
    expect(presenceOf('offline')).toMatchObject({ tone: 'offline', label: 'Offline' });
    expect(presenceOf('busy')).toMatchObject({ tone: 'offline', label: 'Offline' });
  });
});

describe('teamStrip', () => {
  it('shows at most the limit, online members first', () => {
    const strip = teamStrip([m(1, 'offline'), m(2, 'away'), m(3, 'online'), m(4, 'online')], 3);
    expect(strip.map((x) => x.id)).toEqual([3, 4, 2]);
  });
});

describe('team initials', () => {
  it('uses the first letters of the first two words of the name', () => {
    expect(initials('Sarah Jane Johnson')).toBe('SJ');
    expect(initials('mike')).toBe('M');
  });
});
