import { asc, eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../db/types';

/** The company of the first admin: the agency's name on invoices, e-mails and the client's chat header. */
export async function firstAdminCompany(db: Db): Promise<string> {
  const [row] = await db.select({ company: users.company }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).limit(1);
  return row?.company.trim() ?? '';
}
