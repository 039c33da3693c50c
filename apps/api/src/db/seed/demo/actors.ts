/** The demo's people as the services see them: actors as the guard makes them from a session (none is behind them). */
import type { UserActor } from '../../../core/actor';
import { STAFF } from './cast';
import type { LoginClient, Staff, StaffMember } from './context';

/** A member of the demo's staff (logins.ts seeded them in the cast's order). */
export function staffActor(staff: Staff, member: StaffMember): UserActor {
  const cast = STAFF[staff.members.findIndex((m) => m.id === member.id)];
  if (!cast) throw new Error(`seed: ${member.name} is not on the staff`);
  return { kind: 'user', id: member.id, role: 'admin', staffRole: cast.staffRole, email: cast.email, clientId: null, clientPermission: null, tokenId: null };
}

/** A client's own login (the whole portal is its own). */
export function clientActor(c: LoginClient): UserActor {
  return { kind: 'user', id: c.userId, role: 'client', staffRole: null, email: c.email, clientId: c.id, clientPermission: 'full', tokenId: null };
}
