/** The demo's logins: the agency's staff and the client logins of the cast, with default notification preferences. */
import { NOTIFICATION_PREFERENCE_DEFAULTS } from '@agency/contract';
import * as s from '../../schema';
import { AGENCY, CLIENTS, DEMO_ADMIN_PASSWORD_HASH, DEMO_CLIENT_PASSWORD_HASH, STAFF } from './cast';
import type { SeedContext, Staff } from './context';
import { addDays, addMonths } from './random';

export interface Logins extends Staff {
  /** The id of a cast member's login (throws for an e-mail without one). */
  userIdOf: (email: string) => number;
}

export async function seedLogins({ db, now }: SeedContext): Promise<Logins> {
  // The passwords are public (the sign-in page shows them): hashed once, not at every first start (bcrypt in
  // JavaScript cost most of a second). test/demo-logins.test.ts proves each hash matches its password.
  const staffRows = STAFF.map((m, i) => {
    const joined = addDays(now, -(400 - i * 20));
    return {
      email: m.email,
      username: m.email,
      firstName: m.first,
      lastName: m.last,
      role: 'admin' as const,
      staffRole: m.staffRole,
      company: AGENCY,
      passwordHash: DEMO_ADMIN_PASSWORD_HASH,
      passwordChangedAt: joined,
      // Demo accounts start with their address confirmed (a new sign-up's is not until it opens the mailed link).
      emailVerifiedAt: joined,
      createdAt: joined,
      updatedAt: joined,
    };
  });
  const clientUserRows = CLIENTS.filter((c) => c.login).map((c) => {
    const created = addDays(addMonths(now, -c.monthsAgo), -2);
    return {
      email: c.email,
      username: c.email,
      firstName: c.first,
      lastName: c.last,
      role: 'client' as const,
      company: c.company,
      passwordHash: DEMO_CLIENT_PASSWORD_HASH,
      passwordChangedAt: created,
      emailVerifiedAt: created,
      createdAt: created,
      updatedAt: created,
    };
  });
  // Raw: auth exports no account made with a given password hash (createInvitedAccount leaves it invited).
  const inserted = await db
    .insert(s.users)
    .values([...staffRows, ...clientUserRows])
    .returning({ id: s.users.id, email: s.users.email });
  // Raw: the notifications module exports no preferences service but the signed-in user's own (not exported).
  await db.insert(s.notificationPreferences).values(
    inserted.map((u) => ({
      userId: u.id,
      emailInvoices: NOTIFICATION_PREFERENCE_DEFAULTS.email_invoices,
      emailNewClients: NOTIFICATION_PREFERENCE_DEFAULTS.email_new_clients,
      emailSystemAlerts: NOTIFICATION_PREFERENCE_DEFAULTS.email_system_alerts,
      weeklyReports: NOTIFICATION_PREFERENCE_DEFAULTS.weekly_reports,
      pushNotifications: NOTIFICATION_PREFERENCE_DEFAULTS.push_notifications,
    })),
  );

  const userIdByEmail = new Map(inserted.map((u) => [u.email, u.id]));
  const userIdOf = (email: string) => {
    const id = userIdByEmail.get(email);
    if (id === undefined) throw new Error(`seed: no user ${email}`);
    return id;
  };
  const members = STAFF.map((m) => ({ id: userIdOf(m.email), name: `${m.first} ${m.last}` }));
  return { members, admin: members[0]!, userIdOf };
}
