import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ClientScope } from '../core/actor';
import { clients } from './schema';
import type { Db } from './types';

/**
 * The condition that keeps a query's rows within what the actor reaches, on the column holding the row's client id:
 * nothing for the whole agency, the client's own id, or the clients a manager is assigned (read in the same
 * statement, so an assignment counts from the moment it commits).
 */
export function inClientScope(clientIdColumn: AnyPgColumn | SQL, scope: ClientScope): SQL | undefined {
  if (scope.kind === 'all') return undefined;
  if (scope.kind === 'own') return sql`${clientIdColumn} = ${scope.clientId}`;
  return sql`${clientIdColumn} in (select ${clients.id} from ${clients} where ${clients.accountManagerUserId} = ${scope.managerId})`;
}

/** The same condition as raw SQL for hand-written statements (`and …`, or nothing for the whole agency). */
export function andInClientScope(clientIdColumn: SQL, scope: ClientScope): SQL {
  const condition = inClientScope(clientIdColumn, scope);
  return condition ? sql` and ${condition}` : sql``;
}

/**
 * Whether the scope reaches a client: always for the whole agency (existence is checked by the caller), the own
 * client for a client user, an assigned one for a manager (one statement).
 */
export async function reachesClient(db: Db, scope: ClientScope, clientId: number): Promise<boolean> {
  if (scope.kind === 'all') return true;
  if (scope.kind === 'own') return scope.clientId === clientId;
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.accountManagerUserId, scope.managerId)))
    .limit(1);
  return row !== undefined;
}
