import { eq } from 'drizzle-orm';
import { authTokens, clients, wsTickets } from '../db/schema';
import type { Db } from '../db/types';

export async function insertTicket(db: Db, userId: number, tokenId: number, ticketHash: string, expiresAt: Date) {
  await db.insert(wsTickets).values({ userId, tokenId, ticketHash, expiresAt });
}

export async function tokenExists(db: Db, tokenId: number): Promise<boolean> {
  const [row] = await db.select({ id: authTokens.id }).from(authTokens).where(eq(authTokens.id, tokenId)).limit(1);
  return !!row;
}

/** Tickets nobody used; the table stays tiny because a used ticket is deleted on the spot. */
/** Removes the ticket and answers its owner and expiry: one statement, so a ticket can be used once only. */
export async function takeTicket(db: Db, ticketHash: string) {
  const [row] = await db
    .delete(wsTickets)
    .where(eq(wsTickets.ticketHash, ticketHash))
    .returning({ userId: wsTickets.userId, tokenId: wsTickets.tokenId, expiresAt: wsTickets.expiresAt });
  return row;
}


/** The clients a manager is assigned (what their socket is told about). */
export async function managedClientIds(db: Db, managerId: number): Promise<number[]> {
  const rows = await db.select({ id: clients.id }).from(clients).where(eq(clients.accountManagerUserId, managerId));
  return rows.map((r) => r.id);
}
