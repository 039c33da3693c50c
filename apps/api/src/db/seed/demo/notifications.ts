/**
 * The demo's bells: a few recent notifications for each staff member and each client login, some read
 * (notifications' storeNotifications, as the listeners store them; markNotificationRead, by their reader).
 */
import { sql } from 'drizzle-orm';
import type { TRole } from '@agency/contract';
import type { UserActor } from '../../../core/actor';
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

function demoNotes(staff: Staff, loginClients: LoginClient[]): DemoNote[] {
  const notes: DemoNote[] = [];
  /** A notification as the listeners write them: the link is a section of the reader's role. */
  const note =
    <TReader extends TRole>() =>
    (userId: number, notification: NewNotification<TReader>, hoursAgo: number, read: boolean) =>
      notes.push({ userId, notification: notification as NewNotification, hoursAgo, read });
  const staffNote = note<'admin'>();
  const clientNote = note<'client'>();
  const emma = loginClients[0]!;
  const noah = loginClients.find((c) => c.paymentStatus === 'overdue');
  for (const m of staff.members) {
    staffNote(m.id, { title: 'New message', message: `${emma.name} sent you a message`, type: 'info', link: '#messages' }, 2, false);
    staffNote(m.id, { title: 'Content awaiting approval', message: `${emma.company} submitted a new post for approval`, type: 'info', link: '#content' }, 20, m.id !== staff.admin.id);
    if (noah) staffNote(m.id, { title: 'Invoice overdue', message: `${noah.company} has 2 overdue invoices`, type: 'warning', link: '#invoices' }, 30, false);
    staffNote(m.id, { title: 'Task completed', message: 'Monthly performance report was marked completed', type: 'success', link: '#tasks' }, 50, true);
  }
  for (const c of loginClients) {
    clientNote(c.userId, { title: 'Content approved', message: 'Your post was approved and scheduled', type: 'success', link: '#content' }, 6, false);
    clientNote(c.userId, { title: 'New invoice', message: 'A new invoice is available in Billing', type: 'warning', link: '#billing' }, 72, true);
    clientNote(c.userId, { title: 'New message', message: `${c.manager.name} replied to your message`, type: 'info', link: '#messages' }, 100, true);
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

export async function seedNotifications({ deps, db, now }: SeedContext, staff: Staff, loginClients: LoginClient[]): Promise<void> {
  const readers = new Map<number, UserActor>([
    ...staff.members.map((m) => [m.id, staffActor(staff, m)] as const),
    ...loginClients.map((c) => [c.userId, clientActor(c)] as const),
  ]);
  const dated: { id: number; created_at: string }[] = [];
  const atHoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
  for (const group of byNotification(demoNotes(staff, loginClients))) {
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
