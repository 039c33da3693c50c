import { and, eq, isNull } from 'drizzle-orm';
import { clients } from '../../db/schema';
import type { Db } from '../../db/types';

export interface BillingDetailsRow {
  billingAddress: string | null;
  taxId: string | null;
}

/** A live client's billing details (undefined when the client is gone or archived). */
export async function findBillingDetails(db: Db, clientId: number): Promise<BillingDetailsRow | undefined> {
  const [row] = await db
    .select({ billingAddress: clients.billingAddress, taxId: clients.taxId })
    .from(clients)
    .where(and(eq(clients.id, clientId), isNull(clients.archivedAt)))
    .limit(1);
  return row;
}

export async function saveBillingDetails(db: Db, clientId: number, values: BillingDetailsRow, now: Date): Promise<BillingDetailsRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: now })
    .where(and(eq(clients.id, clientId), isNull(clients.archivedAt)))
    .returning({ billingAddress: clients.billingAddress, taxId: clients.taxId });
  return row;
}
