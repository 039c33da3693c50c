import type { TApiKeyScopes, TRole } from '@agency/contract';
import { AppError } from './errors';

/**
 * Who acts on a service: a signed-in user (a request), or the system (a job, a provider webhook, an OAuth
 * callback). Services decide what an actor may see and do from this alone; they never see a request.
 */
export interface UserActor {
  kind: 'user';
  id: number;
  role: TRole;
  email: string;
  /** The client record of a client user (null for admins or a client without a record). */
  clientId: number | null;
  /** The sign-in token of the request (logout revokes it); null when the request came with an API key. */
  tokenId: number | null;
  /** The API key of the request, with what it may reach (http/guard checks each route against its scopes). */
  apiKey?: { id: number; scopes: TApiKeyScopes };
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

export const systemActor = (name: string): SystemActor => ({ kind: 'system', name });
export const visitor: VisitorActor = { kind: 'visitor' };

/** Agency staff and the system see every client; a client user only its own. */
export const isStaff = (actor: Actor): boolean => actor.kind === 'system' || (actor.kind === 'user' && actor.role === 'admin');

/**
 * The client an actor is confined to: null for staff and the system (no confinement); for a client user its
 * client id, or -1 when the login has no client record (so every scoped query finds nothing).
 */
export function clientScope(actor: Actor): number | null {
  if (isStaff(actor)) return null;
  return actor.kind === 'user' ? (actor.clientId ?? -1) : -1;
}

/** The user id of an actor that must be a person (authorship, "approved by"); null for the system. */
export const userIdOf = (actor: Actor): number | null => (actor.kind === 'user' ? actor.id : null);

/** The sign-in token of a request that needs one (sign-out, a socket ticket): an API key is refused. */
export function sessionTokenOf(actor: UserActor): number {
  if (actor.tokenId === null) throw new AppError('permission_denied', 'This needs a signed-in session, not an API key.');
  return actor.tokenId;
}
