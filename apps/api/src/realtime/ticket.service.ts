import type { AppDeps } from '../deps';
import { sessionTokenOf, type UserActor } from '../core/actor';
import { findUserRoleAndClient, hashSecret, newSecret } from '../modules/auth';
import * as q from './ticket.queries';

/** Lifetime of a WebSocket ticket, in seconds. */
export const WS_TICKET_TTL_SECONDS = 30;

const TICKET_SHAPE = /^[A-Za-z0-9_-]{20,128}$/;

/**
 * POST /api/auth/ws-ticket/: a single-use ticket valid for 30 seconds that opens /api/ws?ticket=….
 * The long-lived API token never appears in a URL; only the SHA-256 of the ticket is stored.
 */
export async function issueTicket(deps: AppDeps, actor: UserActor): Promise<{ ticket: string; expires_in: number }> {
  const now = deps.now();
  const { key, hash } = newSecret();
  await q.insertTicket(deps.db, actor.id, sessionTokenOf(actor), hash, new Date(now.getTime() + WS_TICKET_TTL_SECONDS * 1000));
  return { ticket: key, expires_in: WS_TICKET_TTL_SECONDS };
}

export interface TicketHolder {
  userId: number;
  /** The API token the ticket was asked with. */
  tokenId: number;
  role: 'admin' | 'client';
  clientId: number | null;
  /** For a manager, the clients assigned at connection time (a change of assignment reconnects); null: every client. */
  reach: number[] | null;
}

/**
 * Consumes a ticket (it is deleted whatever the outcome) and answers who it belongs to,
 * or null when it is malformed, unknown, already used or expired.
 */
export async function redeemTicket(deps: Pick<AppDeps, 'db' | 'now'>, ticket: string | null): Promise<TicketHolder | null> {
  if (!ticket || !TICKET_SHAPE.test(ticket)) return null;
  const row = await q.takeTicket(deps.db, hashSecret(ticket));
  if (!row || row.expiresAt.getTime() <= deps.now().getTime()) return null;
  const user = await findUserRoleAndClient(deps.db, row.userId);
  if (!user) return null;
  const role = user.role === 'admin' ? 'admin' : 'client';
  const reach = role === 'admin' && user.staffRole === 'manager' ? await q.managedClientIds(deps.db, user.id) : null;
  return { userId: user.id, tokenId: row.tokenId, role, clientId: user.clientId ?? null, reach };
}
