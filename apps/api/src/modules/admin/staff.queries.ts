import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';

/** A user's display name in SQL: "first last", else the e-mail (the spec's name → first/last → email rule). */
export function displayNameSql(cols: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL<string> {
  return sql<string>`coalesce(nullif(trim(concat_ws(' ', ${cols.firstName}, ${cols.lastName})), ''), ${cols.email})`;
}

export interface StaffRow {
  id: number;
  name: string;
  email: string;
  role: string;
  lastSeenAt: Date | null;
}

/** The agency's staff accounts (admins), by name. */
export async function listStaff(db: Db): Promise<StaffRow[]> {
  const name = displayNameSql(users);
  return db
    .select({ id: users.id, name, email: users.email, role: users.role, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(sql`lower(${name})`), asc(users.id));
}

/** One admin account (for assignee checks); undefined when the id is not an admin. */
export async function findStaffMember(db: Db, id: number): Promise<StaffRow | undefined> {
  const [row] = await db
    .select({ id: users.id, name: displayNameSql(users), email: users.email, role: users.role, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'admin')))
    .limit(1);
  return row;
}

/** Admin accounts whose display name equals `name` (case-insensitive), at most two (enough to tell "exactly one"). */
export async function findStaffByName(db: Db, name: string): Promise<StaffRow[]> {
  const display = displayNameSql(users);
  return db
    .select({ id: users.id, name: display, email: users.email, role: users.role, lastSeenAt: users.lastSeenAt })
    .from(users)
    .where(and(eq(users.role, 'admin'), sql`lower(${display}) = ${name.trim().toLowerCase()}`))
    .limit(2);
}

/** Every staff account's id (who hears of new leads and of clients' messages to the agency). */
export async function staffIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  return rows.map((r) => r.id);
}

/** The company of the first admin: the agency's name on invoices, e-mails and the client's chat header. */
export async function firstAdminCompany(db: Db): Promise<string> {
  const [row] = await db.select({ company: users.company }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).limit(1);
  return row?.company.trim() ?? '';
}
