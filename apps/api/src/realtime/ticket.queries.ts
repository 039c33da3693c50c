import { eq } from 'drizzle-orm';
import { wsTickets } from '../db/schema';
import type { Db } from '../db/types';

export async function insertTicket(db: Db, userId: number, ticketHash: string, expiresAt: Date) {
  await db.insert(wsTickets).values({ userId, ticketHash, expiresAt });
}

/** Tickets nobody used; the table stays tiny because a used ticket is deleted on the spot. */
/** Removes the ticket and answers its owner and expiry: one statement, so a ticket can be used once only. */
export async function takeTicket(db: Db, ticketHash: string) {
  const [row] = await db
    .delete(wsTickets)
    .where(eq(wsTickets.ticketHash, ticketHash))
    .returning({ userId: wsTickets.userId, expiresAt: wsTickets.expiresAt });
  return row;
}

