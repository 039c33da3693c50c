/**
 * The demo's bells: a few recent notifications for each staff member and each client login, some read
 * (notifications' storeNotifications, as the listeners store them; markNotificationRead, by their reader).
 */
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { humanDate } from '../../../core/clock';
import { usd } from '../../../core/money';
import { clip, withIndefiniteArticle } from '../../../core/text';
import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import type { UserActor } from '../../../core/actor';
import { countOverdueInvoices } from '../../../modules/invoices';
import { markNotificationRead, storeNotifications, type NewNotification } from '../../../modules/notifications';
import * as s from '../../schema';
import type { LoginClient, SeedContext, Staff } from './context';
import { depsAt } from './seed-deps';
import { clientActor, staffActor } from './actors';

interface DemoNote {
  userId: number;
  notification: NewNotification;
  hoursAgo: number;
  read: boolean;
}

/** Hours between `at` and the demo's now. */
const hoursBefore = (now: Date, at: Date) => Math.max(0.1, (now.getTime() - at.getTime()) / 3_600_000);

/**
 * The demo's bells, each told of something the demo's data holds (its texts as the notification table words them),
 * at the time it happened; what is older than a day has been read.
 */
async function demoNotes({ db, now }: SeedContext, staff: Staff, loginClients: LoginClient[]): Promise<DemoNote[]> {
  const notes: DemoNote[] = [];
  const add = (userIds: number[], notification: NewNotification, at: Date) => {
    const hoursAgo = hoursBefore(now, at);
    for (const userId of userIds) notes.push({ userId, notification, hoursAgo, read: hoursAgo > 24 });
  };
  const staffIds = staff.members.map((m) => m.id);
  const clientUserIds = new Set(loginClients.map((c) => c.userId));

  // The staff: the latest message a client sent, and the latest post waiting for their review.
  const [fromClient] = await db
    .select({ name: sql<string>`${s.users.firstName} || ' ' || ${s.users.lastName}`, content: s.messages.content, at: s.messages.createdAt, clientId: s.messages.clientId })
    .from(s.messages)
    .innerJoin(s.users, eq(s.users.id, s.messages.senderId))
    .where(inArray(s.messages.senderId, [...clientUserIds]))
    .orderBy(desc(s.messages.createdAt))
    .limit(1);
  if (fromClient) {
    const notification: NewNotification = { title: 'New message', message: `${fromClient.name}: ${clip(fromClient.content, 140)}`, type: 'info', link: `?c=${fromClient.clientId}#messages` };
    add(staffIds, notification, fromClient.at);
  }
  const [waiting] = await db
    .select({ clientName: s.clients.name, platform: s.contentItems.platform, scheduled: s.contentItems.scheduledDate, at: s.contentItems.updatedAt })
    .from(s.contentItems)
    .innerJoin(s.clients, eq(s.clients.id, s.contentItems.clientId))
    .where(eq(s.contentItems.status, 'pending-approval'))
    .orderBy(desc(s.contentItems.updatedAt))
    .limit(1);
  if (waiting) {
    const message = `${waiting.clientName} submitted ${withIndefiniteArticle(CONTENT_PLATFORM_LABELS[waiting.platform])} post scheduled for ${humanDate(waiting.scheduled)}.`;
    add(staffIds, { title: 'Content awaiting approval', message, type: 'info', link: '#content' }, waiting.at);
  }

  // The client owing the most overdue invoices (by invoices' one rule), as of its latest reminder.
  const today = now.toISOString().slice(0, 10);
  // One query at a time: the seed runs in one transaction, on one connection.
  const owing: { c: LoginClient; n: number }[] = [];
  for (const c of loginClients) owing.push({ c, n: await countOverdueInvoices(db, { kind: 'own', clientId: c.id }, today) });
  const most = owing.sort((a, b) => b.n - a.n)[0];
  if (most && most.n > 0) {
    const [reminded] = await db
      .select({ at: s.invoices.reminderSentAt })
      .from(s.invoices)
      .where(and(eq(s.invoices.clientId, most.c.id), isNotNull(s.invoices.reminderSentAt)))
      .orderBy(desc(s.invoices.reminderSentAt))
      .limit(1);
    const message = `${most.c.company} has ${most.n === 1 ? 'an overdue invoice' : `${most.n} overdue invoices`}.`;
    add(staffIds, { title: 'Invoice overdue', message, type: 'warning', link: '#invoices' }, reminded?.at ?? now);
  }

  // Each client login: its latest invoice, and the latest message the team sent it.
  for (const c of loginClients) {
    const [invoice] = await db
      .select({ number: s.invoices.invoiceNumber, amount: s.invoices.amount, due: s.invoices.dueDate, at: s.invoices.createdAt })
      .from(s.invoices)
      .where(eq(s.invoices.clientId, c.id))
      .orderBy(desc(s.invoices.createdAt))
      .limit(1);
    if (invoice) {
      const message = `Invoice ${invoice.number} for ${usd(Number(invoice.amount))} is due on ${humanDate(invoice.due)}.`;
      add([c.userId], { title: 'New invoice', message, type: 'warning', link: '#billing' }, invoice.at);
    }
    const [fromTeam] = await db
      .select({ name: sql<string>`${s.users.firstName} || ' ' || ${s.users.lastName}`, content: s.messages.content, at: s.messages.createdAt })
      .from(s.messages)
      .innerJoin(s.users, eq(s.users.id, s.messages.senderId))
      .where(and(eq(s.messages.clientId, c.id), inArray(s.messages.senderId, staffIds)))
      .orderBy(desc(s.messages.createdAt))
      .limit(1);
    if (fromTeam) add([c.userId], { title: 'New message', message: `${fromTeam.name}: ${clip(fromTeam.content, 140)}`, type: 'info', link: `?c=${c.id}#messages` }, fromTeam.at);
  }
  return notes;
}

/** The notes grouped as a listener stores them: one notification, at one moment, to everyone it concerns. */
function byNotification(notes: DemoNote[]): DemoNote[][] {
  const groups = new Map<string, DemoNote[]>();
  for (const note of notes) {
    const key = JSON.stringify([note.notification, note.hoursAgo]);
    groups.set(key, [...(groups.get(key) ?? []), note]);
  }
  return [...groups.values()];
}

export async function seedNotifications(ctx: SeedContext, staff: Staff, loginClients: LoginClient[]): Promise<void> {
  const { deps, db, now } = ctx;
  const readers = new Map<number, UserActor>([
    ...staff.members.map((m) => [m.id, staffActor(staff, m)] as const),
    ...loginClients.map((c) => [c.userId, clientActor(c)] as const),
  ]);
  const dated: { id: number; created_at: string }[] = [];
  const atHoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  for (const group of byNotification(await demoNotes(ctx, staff, loginClients))) {
    const createdAt = atHoursAgo(group[0]!.hoursAgo);
    const ids = await storeNotifications(depsAt(deps, createdAt), group.map((note) => note.userId), group[0]!.notification);
    for (const [i, note] of group.entries()) {
      dated.push({ id: ids[i]!, created_at: createdAt.toISOString() });
      // Read by its reader ten minutes after it came.
      if (note.read) await markNotificationRead(depsAt(deps, new Date(createdAt.getTime() + 600_000)), readers.get(note.userId)!, ids[i]!);
    }
  }
  // Raw: storeNotifications dates a notification by the column's default (the transaction's start), not by deps.now.
  await db.execute(
    sql`update ${s.notifications} set created_at = v.created_at from json_to_recordset(${JSON.stringify(dated)}::json) as v(id integer, created_at timestamptz) where ${s.notifications.id} = v.id`,
  );
}
