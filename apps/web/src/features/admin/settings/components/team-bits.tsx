import type { TStaffMember, TStaffRole } from '@agency/contract';
import { cn } from '@/lib/cn';

/** What each staff role may do, one line each (under the role select of the invite). */
export const STAFF_ROLE_HINTS: Record<TStaffRole, string> = {
  owner: 'Owner — everything: all clients, billing, developer settings and the team.',
  manager: 'Manager — only the clients assigned to them.',
  read_only: 'Read-only — sees everything, changes nothing.',
};

/** What each role means, said of the people who have it (the Team intro and the role change's question). */
export const STAFF_ROLE_MEANINGS: Record<TStaffRole, string> = {
  owner: 'Owners can do everything: all clients, billing, developer settings and the team, including changing roles and removing people.',
  manager: 'Managers see and work on only the clients assigned to them.',
  read_only: 'Read-only members see everything and change nothing.',
};

/** The role as it follows "Make Jordan Lee …". */
const MAKE_ROLE: Record<TStaffRole, string> = { owner: 'an Owner', manager: 'a Manager', read_only: 'Read-only' };

/** "Make Jordan Lee an Owner? Owners can do everything: …" (asked before a role changes). */
export function roleChangeQuestion(name: string, role: TStaffRole): string {
  return `Make ${name} ${MAKE_ROLE[role]}? ${STAFF_ROLE_MEANINGS[role]}`;
}

const PRESENCE: Record<TStaffMember['status'], { label: string; dot: string; text: string }> = {
  online: { label: 'Online', dot: 'bg-success-600', text: 'text-success-700' },
  away: { label: 'Away', dot: 'bg-warning-600', text: 'text-warning-700' },
  offline: { label: 'Offline', dot: 'bg-fg-subtle', text: 'text-fg-muted' },
};

/** Online / Away / Offline: a dot and its word (colour is never the only signal). */
export function Presence({ status }: { status: TStaffMember['status'] }) {
  const p = PRESENCE[status];
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm whitespace-nowrap', p.text)}>
      <span aria-hidden className={cn('h-2 w-2 rounded-full', p.dot)} />
      {p.label}
    </span>
  );
}

/** "3 clients" (how many clients a member manages). */
export function managedClientsText(n: number): string {
  return `${n} ${n === 1 ? 'client' : 'clients'}`;
}
