import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TStaffRole } from '@agency/contract';
import { clients, users } from '../../db/schema';
import type { Db } from '../../db/types';

/** A user's display name in SQL: "first last", else the e-mail (the spec's name → first/last → email rule). */
export function displayNameSql(cols: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL<string> {
  return sql<string>`coalesce(nullif(trim(concat_ws(' ', ${cols.firstName}, ${cols.lastName})), ''), ${cols.email})`;
}

/**
 * Which staff a notice or a pick concerns: those who reach one client (owners, read-only staff and the client's
 * own manager — not the other managers), or 'agency' for what belongs to no client (owners and read-only staff).
 */
export type StaffReach = number | 'agency';

function reaches(reach: StaffReach): SQL {
  if (reach === 'agency') return sql`${users.staffRole} <> 'manager'`;
  return sql`(${users.staffRole} <> 'manager' or ${users.id} = (select ${clients.accountManagerUserId} from ${clients} where ${clients.id} = ${reach}))`;
}

const staffColumns = () => ({
  id: users.id,
  name: displayNameSql(users),
  email: users.email,
  role: users.role,
  staffRole: sql<TStaffRole>`coalesce(${users.staffRole}, 'owner')`,
  lastSeenAt: users.lastSeenAt,
  /** Invited and the invite not accepted yet. */
  invitePending: sql<boolean>`(${users.invitedAt} is not null)`,
  // "users".id spelled out: a single-table select leaves its columns unqualified, and inside the subquery a bare
  // "id" would be the client's.
  managedClients: sql<number>`(select count(*)::int from ${clients} where ${clients.accountManagerUserId} = ${users}.id and ${clients.archivedAt} is null)`,
});
export interface StaffRow {
  id: number;
  name: string;
  email: string;
  role: string;
  staffRole: TStaffRole;
  lastSeenAt: Date | null;
  invitePending: boolean;
  managedClients: number;
}

/** The agency's staff accounts (admins), by name; only those reaching `reaching` when given. */
export async function listStaff(db: Db, opts: { reaching?: StaffReach } = {}): Promise<StaffRow[]> {
  const columns = staffColumns();
  return db
    .select(columns)
    .from(users)
    .where(and(eq(users.role, 'admin'), opts.reaching !== undefined ? reaches(opts.reaching) : undefined))
    .orderBy(asc(sql`lower(${columns.name})`), asc(users.id));
}

/** One admin account (for assignee checks); undefined when the id is not an admin. */
export async function findStaffMember(db: Db, id: number): Promise<StaffRow | undefined> {
  const [row] = await db
    .select(staffColumns())
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .limit(1);
  return row;
}

/** Admin accounts whose display name equals `name` (case-insensitive), at most two (enough to tell "exactly one"). */
export async function findStaffByName(db: Db, name: string): Promise<{ id: number; name: string }[]> {
  const display = displayNameSql(users);
  return db
    .select({ id: users.id, name: display })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`lower(${display}) = ${name.trim().toLowerCase()}`))
    .limit(2);
}

/** The ids of the staff who hear of something about a client, or of the agency (new leads, say). */
export async function staffIds(db: Db, reaching: StaffReach): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), reaches(reaching)));
  return rows.map((r) => r.id);
}

/** The clients a staff member manages (archived ones included). */
export async function clientIdsManagedBy(db: Db, userId: number): Promise<number[]> {
  const rows = await db.select({ id: clients.id }).from(clients).where(eq(clients.accountManagerUserId, userId));
  return rows.map((r) => r.id);
}
