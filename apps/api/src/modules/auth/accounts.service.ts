import type { TStaffRole } from '@agency/contract';
import type { AppDeps } from '../../deps';
import * as q from './auth.queries';
import { endSessions } from './session-cache';

/**
 * Changes to an account that other modules decide (the staff and team screens): auth alone writes users. Inside
 * transact(), with its deps: the account's sockets close on every instance once the change commits.
 */

/** The account goes (its tokens and memberships with it); what it wrote stays. */
export async function deleteAccount(deps: AppDeps, userId: number): Promise<void> {
  await q.deleteUser(deps.db, userId);
  await endSessions(deps, { userId, tokenIds: null, reason: 'account_deleted' });
}

/** A staff member's new role: their sessions reconnect with the new reach. */
export async function changeStaffRole(deps: AppDeps, userId: number, staffRole: TStaffRole): Promise<void> {
  await q.setStaffRole(deps.db, userId, staffRole, deps.now());
  await endSessions(deps, { userId, tokenIds: null, reason: 'access_changed' });
}
