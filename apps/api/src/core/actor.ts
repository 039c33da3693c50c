import type { TApiKeyScopes, TClientPermission, TRole, TStaffRole } from '@agency/contract';
import { AppError } from './errors';

/**
 * Who acts on a service: a signed-in user (a request), or the system (a job, a provider webhook, an OAuth
 * callback). Services decide what an actor may see and do from this alone; they never see a request.
 */
export interface UserActor {
  kind: 'user';
  id: number;
  role: TRole;
  /** What a staff account may do (owner, manager, read_only); null for clients. */
  staffRole: TStaffRole | null;
  email: string;
  /** The client record of a client user, its own or the one on whose team it is (null for admins or a client without one). */
  clientId: number | null;
  /** What a client user may do in its client's portal (full, content, billing); null for staff. */
  clientPermission: TClientPermission | null;
  /** The sign-in token of the request (logout revokes it); null when the request came with an API key. */
  tokenId: number | null;
  /** The API key of the request, with what it may reach (http/guard checks each route against its scopes). */
  apiKey?: { id: number; prefix: string; scopes: TApiKeyScopes };
}

export interface SystemActor {
  kind: 'system';
  /** What acts, for logs and audit: 'job:mail.deliver', 'webhook:stripe', ... */
  name: string;
}

/** Someone not signed in (the public site's contact form, sign-in and sign-up). */
export interface VisitorActor {
  kind: 'visitor';
}

export type Actor = UserActor | SystemActor | VisitorActor;

/** Where a request came from: the session it opens remembers it (the list of sessions, new-device mail, the audit log). */
export interface RequestOrigin {
  userAgent: string | null;
  ip: string | null;
}

export const systemActor = (name: string): SystemActor => ({ kind: 'system', name });
export const visitor: VisitorActor = { kind: 'visitor' };

/** Agency staff (any staff role) and the system. What they reach is still bounded by clientScope. */
export const isStaff = (actor: Actor): boolean => actor.kind === 'system' || (actor.kind === 'user' && actor.role === 'admin');

/**
 * The clients an actor reaches: every one (owners, read-only staff, the system), those assigned to a manager, or
 * a client user's own (-1 when the login has no client record, so every scoped query finds nothing).
 */
export type ClientScope = { kind: 'all' } | { kind: 'managed'; managerId: number } | { kind: 'own'; clientId: number };

/** The whole agency: for the system's own reads (jobs, listeners) after the caller's access was checked. */
export const ALL_CLIENTS: ClientScope = { kind: 'all' };

export function clientScope(actor: Actor): ClientScope {
  if (actor.kind === 'system') return ALL_CLIENTS;
  if (actor.kind === 'user' && actor.role === 'admin') {
    return actor.staffRole === 'manager' ? { kind: 'managed', managerId: actor.id } : ALL_CLIENTS;
  }
  return { kind: 'own', clientId: actor.kind === 'user' ? (actor.clientId ?? -1) : -1 };
}

/** The client a client user is confined to (-1 without a record); null for staff and the system. */
export function ownClient(actor: Actor): number | null {
  const scope = clientScope(actor);
  return scope.kind === 'own' ? scope.clientId : null;
}

/** The client of a client user, for routes that only make sense for one (404 for anyone without a client record). */
export function requireOwnClient(actor: Actor): number {
  const clientId = ownClient(actor);
  if (actor.kind !== 'user' || clientId === null || clientId < 0) throw new AppError('not_found', 'Your client account was not found.');
  return clientId;
}

/** The user id of an actor that must be a person (authorship, "approved by"); null for the system. */
export const userIdOf = (actor: Actor): number | null => (actor.kind === 'user' ? actor.id : null);

/** The sign-in token of a request that needs one (sign-out, a socket ticket): an API key is refused. */
export function sessionTokenOf(actor: UserActor): number {
  if (actor.tokenId === null) throw new AppError('permission_denied', 'This needs a signed-in session, not an API key.');
  return actor.tokenId;
}
