/** The demo's bells: a few recent notifications for each staff member and each client login, some read. */
import type { TRole } from '@agency/contract';
import type { NewNotification } from '../../../modules/notifications';
import * as s from '../../schema';
import type { LoginClient, SeedContext, Staff } from './context';

export async function seedNotifications({ db, now }: SeedContext, staff: Staff, loginClients: LoginClient[]): Promise<void> {
  const rows: (typeof s.notifications.$inferInsert)[] = [];
  /** A notification as the listeners write them: the link is a section of the reader's role. */
  const note = <TReader extends TRole>(
    userId: number,
    title: string,
    message: string,
    type: NewNotification['type'],
    link: NewNotification<TReader>['link'],
    hoursAgo: number,
    read: boolean,
  ) => {
    const createdAt = new Date(now.getTime() - hoursAgo * 3_600_000);
    rows.push({ userId, title, message, type, notificationType: type, link, readAt: read ? new Date(createdAt.getTime() + 600_000) : null, createdAt });
  };
  const staffNote = note<'admin'>;
  const clientNote = note<'client'>;
  const emma = loginClients[0]!;
  const noah = loginClients.find((c) => c.paymentStatus === 'overdue');
  for (const m of staff.members) {
    staffNote(m.id, 'New message', `${emma.name} sent you a message`, 'info', '#messages', 2, false);
    staffNote(m.id, 'Content awaiting approval', `${emma.company} submitted a new post for approval`, 'info', '#content', 20, m.id !== staff.admin.id);
    if (noah) staffNote(m.id, 'Invoice overdue', `${noah.company} has 2 overdue invoices`, 'warning', '#invoices', 30, false);
    staffNote(m.id, 'Task completed', 'Monthly performance report was marked completed', 'success', '#tasks', 50, true);
  }
  for (const c of loginClients) {
    clientNote(c.userId, 'Content approved', 'Your post was approved and scheduled', 'success', '#content', 6, false);
    clientNote(c.userId, 'New invoice', 'A new invoice is available in Billing', 'warning', '#billing', 72, true);
    clientNote(c.userId, 'New message', `${c.manager.name} replied to your message`, 'info', '#messages', 100, true);
  }
  await db.insert(s.notifications).values(rows);
}
