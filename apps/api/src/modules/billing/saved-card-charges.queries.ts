import { and, desc, eq } from 'drizzle-orm';
import { savedCardCharges } from '../../db/schema';
import type { Db } from '../../db/types';

export type SavedCardChargeRow = typeof savedCardCharges.$inferSelect;

/** The invoice's latest attempt to charge a saved card, if any. */
export async function latestCharge(db: Db, invoiceId: number): Promise<SavedCardChargeRow | undefined> {
  const [row] = await db
    .select()
    .from(savedCardCharges)
    .where(eq(savedCardCharges.invoiceId, invoiceId))
    .orderBy(desc(savedCardCharges.attempt))
    .limit(1);
  return row;
}

/** Claims attempt `attempt` of the invoice; undefined when another request claimed it first (unique attempt). */
export async function claimCharge(db: Db, values: typeof savedCardCharges.$inferInsert): Promise<SavedCardChargeRow | undefined> {
  const [row] = await db.insert(savedCardCharges).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCharge(db: Db, id: number, values: Partial<typeof savedCardCharges.$inferInsert>): Promise<void> {
  await db.update(savedCardCharges).set(values).where(and(eq(savedCardCharges.id, id)));
}
