import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { clientMembers, clients, users } from '../../db/schema';
import type { Db } from '../../db/types';

const personColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  invitedAt: users.invitedAt,
  createdAt: users.createdAt,
};

/** The client's own login (full access, the primary person of its team). */
export async function primaryOf(db: Db, clientId: number) {
  const [row] = await db
    .select({ ...personColumns, company: clients.company, clientName: clients.name })
    .from(clients)
    .leftJoin(users, eq(users.id, clients.userId))
    .where(eq(clients.id, clientId))
    .limit(1);
  return row;
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** The invited members of a client's team, oldest first. */
export function listMembers(db: Db, clientId: number) {
  return db
    .select({ ...personColumns, permission: clientMembers.permission })
    .from(clientMembers)
    .innerJoin(users, eq(users.id, clientMembers.userId))
    .where(eq(clientMembers.clientId, clientId))
    .orderBy(asc(clientMembers.createdAt), asc(clientMembers.id));
}

/** One member of this client's team (another client's member reads as missing). */
export async function findMember(db: Db, clientId: number, userId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select({ ...personColumns, permission: clientMembers.permission })
    .from(clientMembers)
    .innerJoin(users, eq(users.id, clientMembers.userId))
    .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.userId, userId)))
    .limit(1);
  return row;
}

export async function setPermission(db: Db, clientId: number, userId: number, permission: MemberRow['permission']) {
  await db
    .update(clientMembers)
    .set({ permission })
    .where(and(eq(clientMembers.clientId, clientId), eq(clientMembers.userId, userId)));
}

/**
 * The people of a client who hear of something: its own login and the members of its team whose permission covers
 * `area` (full access always; every member when no area).
 */
export async function clientPeople(db: Db, clientId: number, area: 'content' | 'billing' | undefined): Promise<number[]> {
  const [own, members] = await Promise.all([
    db.select({ id: clients.userId }).from(clients).where(eq(clients.id, clientId)).limit(1),
    db
      .select({ id: clientMembers.userId })
      .from(clientMembers)
      .where(and(eq(clientMembers.clientId, clientId), area ? inArray(clientMembers.permission, ['full', area]) : undefined)),
  ]);
  return [...own.map((r) => r.id), ...members.map((r) => r.id)].filter((id): id is number => id !== null);
}

/**
 * The people of `clientPeople` with what a personal e-mail needs (those who accepted their invite; the client's own
 * login always).
 */
export async function clientPeopleContacts(db: Db, clientId: number, area: 'content' | 'billing' | undefined) {
  const ids = await clientPeople(db, clientId, area);
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.invitedAt)))
    .orderBy(users.id);
}
