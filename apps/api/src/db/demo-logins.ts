import { inArray, sql } from 'drizzle-orm';
import { DEMO_LOGINS } from './seed/demo';
import { users } from './schema';
import type { Db } from './types';

/** The sign-in page shows the demo logins only while those accounts still exist. */
export async function hasDemoUsers(db: Db): Promise<boolean> {
  const emails = DEMO_LOGINS.map((l) => l.email.toLowerCase());
  const rows = await db.select({ id: users.id }).from(users).where(inArray(sql`lower(${users.email})`, emails)).limit(1);
  return rows.length > 0;
}
