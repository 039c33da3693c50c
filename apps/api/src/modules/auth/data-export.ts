import { clientPermissionCovers } from '@agency/contract';
import { eq, or } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import {
  clients,
  contentItems,
  files,
  invoices,
  messages,
  notificationPreferences,
  notifications,
  orders,
  paymentCustomers,
  socialAccounts,
  subscriptions,
  tasks,
} from '../../db/schema';
import type { AppDeps } from '../../deps';
import type { UserActor } from '../../core/actor';
import { getMe } from './auth.service';

type Rows = Record<string, unknown>[];

/** Provider tokens and stored file names stay out of the export. */
const { accessTokenEncrypted: _a, refreshTokenEncrypted: _r, ...socialAccountColumns } = getTableColumns(socialAccounts);
const { storedName: _s, ...fileColumns } = getTableColumns(files);

/** Everything the product keeps about the caller, for the 'Export my personal data' download (Settings → Security). */
export async function exportUserData(deps: AppDeps, actor: UserActor) {
  const { db } = deps;
  const user = await getMe(deps, actor);
  const data: Record<string, Rows> = {
    notifications: await db.select().from(notifications).where(eq(notifications.userId, actor.id)),
    notification_preferences: await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, actor.id)),
    files: await db.select(fileColumns).from(files).where(eq(files.ownerId, actor.id)),
    orders: await db.select().from(orders).where(eq(orders.userId, actor.id)),
  };
  if (actor.clientId) {
    // The client's account, as far as the caller's permission on its team reaches (its own login: all of it).
    const clientId = actor.clientId;
    const reaches = (part: 'content' | 'billing') => clientPermissionCovers(actor.clientPermission, part);
    Object.assign(data, {
      client: await db.select().from(clients).where(eq(clients.id, clientId)),
      messages: await db.select().from(messages).where(eq(messages.clientId, clientId)),
      social_accounts: await db.select(socialAccountColumns).from(socialAccounts).where(eq(socialAccounts.clientId, clientId)),
    });
    if (reaches('content')) data.content = await db.select().from(contentItems).where(eq(contentItems.clientId, clientId));
    if (reaches('billing')) {
      Object.assign(data, {
        invoices: await db.select().from(invoices).where(eq(invoices.clientId, clientId)),
        subscriptions: await db.select().from(subscriptions).where(eq(subscriptions.clientId, clientId)),
        // Saved cards stay at the payment provider; the export names the customer records they belong to.
        payment_customers: await db.select().from(paymentCustomers).where(eq(paymentCustomers.clientId, clientId)),
      });
    }
  } else {
    Object.assign(data, {
      messages: await db
        .select()
        .from(messages)
        .where(or(eq(messages.senderId, actor.id), eq(messages.receiverId, actor.id))),
      tasks_assigned: await db.select().from(tasks).where(eq(tasks.assignedToUserId, actor.id)),
    });
  }
  return { exported_at: (deps.now()).toISOString(), user, data };
}
