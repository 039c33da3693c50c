/**
 * The demo's client threads: a conversation with each client login over the last weeks, all read except the
 * client's newest message (the agency has not opened it yet). Each message is sent by its author when it was
 * written (a client through sendToAdmin, the agency through sendToClient) and read by the other side through
 * markMessageRead when it was read.
 */
import { ZSendToAdminSchema, ZSendToClientSchema } from '@agency/contract';
import { markMessageRead, sendToAdmin, sendToClient } from '../../../modules/messages';
import type { LoginClient, SeedContext, Staff, StaffMember } from './context';
import { DAY, addDays } from './random';
import { depsAt } from './seed-deps';
import { clientActor, staffActor } from './actors';

/** Who says what, in order; the threads go round the client logins. */
const THREADS: [from: 'client' | 'agency', text: string][][] = [
  [
    ['client', 'Hi! Could we plan something special for Mother’s Day? It’s our busiest week.'],
    ['agency', 'Absolutely — we’ll draft a week of posts plus a giveaway idea and share them by Friday.'],
    ['client', 'Perfect, thank you. Can the giveaway include a bouquet subscription?'],
    ['agency', 'Great idea. Drafts are in your content calendar now, waiting for your approval.'],
    ['client', 'Approved two of them, left a note on the third.'],
    ['agency', 'Thanks! Updated the third one with your changes.'],
    ['client', 'Looks great. Also, the last report was really helpful.'],
    ['client', 'Quick question — could we boost the Reel from Tuesday?'],
  ],
  [
    ['agency', 'Hi Liam, your YouTube channel grew 18% last month. Want to double down on shorts?'],
    ['client', 'Yes please. Can we film new workout clips next week?'],
    ['agency', 'Booked for Wednesday 10am with Marcus. Please have two trainers available.'],
    ['client', 'Done. Will the January challenge campaign be ready in time?'],
    ['agency', 'Storyboards are ready; we’ll send them over tomorrow.'],
    ['client', 'Thanks, looking forward to it.'],
  ],
  [
    ['client', 'Hello, I have a new menu coming out next month. Can we announce it?'],
    ['agency', 'Of course! Send us the photos and we’ll prepare a carousel.'],
    ['client', 'Uploaded them to the shared folder this morning.'],
    ['agency', 'Got them, they look delicious. The carousel is scheduled for the 3rd.'],
    ['client', 'Also, I just saw the latest invoice — I’ll pay it this week.'],
  ],
  [
    ['agency', 'Hi Noah, a quick reminder that two invoices are past due. Let us know if anything is unclear.'],
    ['client', 'Sorry about that, we changed banks. I’ll sort it out.'],
    ['agency', 'No problem, thanks! You can pay directly from the Billing tab.'],
    ['client', 'Will do. Meanwhile, can we push the summer drop posts by a week?'],
    ['agency', 'Done — all summer drop content moved to the following week.'],
    ['client', 'Great, thanks!'],
    ['client', 'Can we get a TikTok with the new hoodie before the weekend?'],
  ],
];
interface DemoMessage {
  client: LoginClient;
  /** The staff member who writes an agency message; null for the client's own. */
  author: StaffMember | null;
  content: string;
  priority: boolean;
  sentAt: Date;
  readAt: Date | null;
}

export async function seedMessages({ deps, now, rng }: SeedContext, staff: Staff, loginClients: LoginClient[]): Promise<void> {
  // The random draws, in the order the stream has always given them (the later seeders depend on it).
  const messages: DemoMessage[] = [];
  loginClients.forEach((c, i) => {
    const thread = THREADS[i % THREADS.length]!;
    let t = addDays(now, -(thread.length * 2 + rng.int(1, 5)));
    thread.forEach(([from, text], k) => {
      t = new Date(Math.min(t.getTime() + rng.float(0.2, 2.5) * DAY, now.getTime() - (thread.length - k) * 60_000));
      const last = k >= thread.length - 1;
      const fromClient = from === 'client';
      const unread = fromClient && last;
      messages.push({
        client: c,
        author: fromClient ? null : k % 2 === 0 ? c.manager : staff.admin,
        content: text,
        priority: fromClient && last && i === 0,
        sentAt: t,
        readAt: unread ? null : new Date(t.getTime() + rng.int(2, 90) * 60_000),
      });
    });
  });
  for (const m of messages) {
    const client = clientActor(m.client);
    // The client's messages are read by its account manager.
    const manager = staffActor(staff, m.client.manager);
    const at = depsAt(deps, m.sentAt);
    const sent = m.author
      ? await sendToClient(at, staffActor(staff, m.author), ZSendToClientSchema.parse({ client_id: m.client.id, content: m.content, priority: m.priority }))
      : await sendToAdmin(at, client, ZSendToAdminSchema.parse({ content: m.content, priority: m.priority }));
    if (m.readAt) await markMessageRead(depsAt(deps, m.readAt), m.author ? client : manager, sent.id);
  }
}
