import type { TBillingDetails } from '@agency/contract';
import type { UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import { changedFields, recordAudit } from '../audit';
import * as q from './billing-details.queries';

/*
 * A client's billing details (address and tax ID), kept on its record and printed on its invoices and receipts. The
 * client's own login and the members of its team with full or billing access keep them here (the route's
 * clientPermission); staff edit them with the rest of the client (PATCH /clients/:id/).
 */

const toDto = (row: q.BillingDetailsRow): TBillingDetails => ({ billing_address: row.billingAddress, tax_id: row.taxId });

/** The caller's own client: a client user always has one; one without (or archived) reads as not found. */
function ownClientId(actor: UserActor): number {
  if (actor.clientId === null) throw new AppError('not_found', 'Your account has no client record; please contact the agency.');
  return actor.clientId;
}

export async function getMyBillingDetails(deps: AppDeps, actor: UserActor): Promise<TBillingDetails> {
  const row = await q.findBillingDetails(deps.db, ownClientId(actor));
  if (!row) throw new AppError('not_found', 'Client not found.');
  return toDto(row);
}

/** Saves both details; the client's audit log shows what changed (before → after) and who changed it. */
export async function updateMyBillingDetails(
  deps: AppDeps,
  actor: UserActor,
  input: { billing_address: string | null; tax_id: string | null },
): Promise<TBillingDetails> {
  const clientId = ownClientId(actor);
  return transact(deps, async (tx) => {
    const before = await q.findBillingDetails(tx.db, clientId);
    const row = before && (await q.saveBillingDetails(tx.db, clientId, { billingAddress: input.billing_address, taxId: input.tax_id }, tx.now()));
    if (!before || !row) throw new AppError('not_found', 'Client not found.');
    const after = toDto(row);
    await recordAudit(tx, actor, {
      action: 'client.billing_details_updated',
      object: { type: 'client', id: clientId, label: null, clientId },
      changes: changedFields(toDto(before), after, ['billing_address', 'tax_id']),
    });
    return after;
  });
}
