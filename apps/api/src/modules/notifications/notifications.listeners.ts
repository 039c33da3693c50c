import type { AppDeps } from '../../deps';
import type { EventBus } from '../../events/bus';
import type { DomainEventMap, DomainEventName } from '../../events/catalog';
import { listStaff, staffIds } from '../admin';
import { agencyName, dashboardLink } from '../agency';
import { emailPreferenceAllows, mailedWithin, queueMail } from '../mail';
import { clientPeople } from '../team';
import { NOTIFICATIONS, type EmailRule, type InAppRule, type MailContext, type MailPick, type NotificationRule, type StaffPick } from './notification-table';
import { findBillTo, findClientContact, findClientUsers } from './notifications.queries';
import { settleNotifications, storeNotifications } from './notifications.service';

/**
 * The one listener of the notification table (notification-table.ts): for each event in it, each rule whose
 * condition holds stores its in-app notification for its audience (pushed by the realtime layer on
 * `notification.created`) or queues its e-mail (delivered by a job). It runs once per event, in the transaction that
 * marks the event dispatched.
 */
export function registerNotificationListeners(events: EventBus): void {
  for (const name of Object.keys(NOTIFICATIONS) as DomainEventName[]) listen(events, name);
}

function listen<K extends DomainEventName>(events: EventBus, name: K): void {
  const rules = (NOTIFICATIONS[name] ?? []) as readonly NotificationRule<DomainEventMap[K]>[];
  events.handle(name, async (e, deps) => {
    let context: Promise<MailContext> | undefined;
    // Read once, when an e-mail is about to be written: started earlier, its queries would run beside the rule's own
    // on the transaction's connection, and a failure of one would leave the other's rejection unhandled (a crash).
    const contextOnce = () => (context ??= mailContext(deps));
    for (const rule of rules) {
      if (rule.when && !(await rule.when(e, deps))) continue;
      if (rule.channel === 'in_app') await notify(deps, rule, e);
      else if (rule.channel === 'settle') await settleNotifications(deps, rule.topic(e));
      else await mail(deps, rule, e, contextOnce);
    }
  });
}

/** Which part of the portal a notification is about, from the section it opens (a team member may see only one). */
const AREA_OF_LINK: Partial<Record<string, 'content' | 'billing'>> = { '#content': 'content', '#billing': 'billing' };

async function notify<E>(deps: AppDeps, rule: InAppRule<E>, e: E): Promise<void> {
  switch (rule.to) {
    case 'client': {
      const notice = rule.notice(e);
      const people = await clientPeople(deps.db, rule.client(e), notice.link ? AREA_OF_LINK[notice.link] : undefined);
      await storeNotifications(deps, people, notice);
      return;
    }
    case 'staff':
      await storeNotifications(deps, await staffOf(deps, rule.staff, e), rule.notice(e));
      return;
    case 'users':
      await storeNotifications(deps, rule.users(e), rule.notice(e));
      return;
  }
}

async function staffOf<E>(deps: AppDeps, pick: StaffPick<E>, e: E): Promise<number[]> {
  if ('ids' in pick) return pick.ids(e, deps);
  const except = pick.except?.(e) ?? [];
  return (await staffIds(deps.db, pick.reaching(e))).filter((id) => !except.includes(id));
}

const mailContext = async (deps: AppDeps): Promise<MailContext> => ({
  agency: await agencyName(deps),
  billingLink: dashboardLink(deps, '#billing'),
  overviewLink: dashboardLink(deps, '#overview'),
  messagesLink: dashboardLink(deps, '#messages'),
  now: deps.now(),
});

async function mail<E>(deps: AppDeps, rule: EmailRule<E>, e: E, context: () => Promise<MailContext>): Promise<void> {
  const addresses = (await addressesOf(deps, rule.to, e)).filter((address) => address !== '');
  if (addresses.length === 0) return;
  const ctx = rule.billTo ? { ...(await context()), billTo: await findBillTo(deps.db, rule.billTo(e)) } : await context();
  const quietMinutes = rule.quietMinutes?.(e) ?? 0;
  for (const to of addresses) {
    const outgoing = rule.mail(e, to, ctx);
    if (quietMinutes > 0 && (await mailedWithin(deps.db, outgoing.to, outgoing.kind, quietMinutes))) continue;
    await queueMail(deps, outgoing);
  }
}

async function addressesOf<E>(deps: AppDeps, pick: MailPick<E>, e: E): Promise<string[]> {
  if ('addresses' in pick) return pick.addresses(e, deps);
  if ('clientUsers' in pick) {
    const people = await findClientUsers(deps.db, pick.clientUsers(e));
    const wanted = await Promise.all(people.map((person) => emailPreferenceAllows(deps, person.id, pick.wanting)));
    return people.filter((_, i) => wanted[i]).map((person) => person.email);
  }
  if ('staffReaching' in pick) {
    const staff = await listStaff(deps.db, { reaching: pick.staffReaching(e) });
    const wanted = await Promise.all(staff.map((admin) => emailPreferenceAllows(deps, admin.id, pick.wanting)));
    return staff.filter((_, i) => wanted[i]).map((admin) => admin.email);
  }
  const contact = await findClientContact(deps.db, 'billingOf' in pick ? pick.billingOf(e) : 'contactOf' in pick ? pick.contactOf(e) : pick.loginOf(e));
  if (!contact) return [];
  const login = contact.userId && contact.userEmail ? { id: contact.userId, email: contact.userEmail } : undefined;
  if ('contactOf' in pick) return [contact.userEmail ?? contact.clientEmail];
  if ('loginOf' in pick) return login && (await emailPreferenceAllows(deps, login.id, pick.wanting)) ? [login.email] : [];
  // A client's billing e-mail: its login, unless that user turned billing e-mails off; else its own address, if asked.
  if (login) return (await emailPreferenceAllows(deps, login.id, 'email_billing')) ? [login.email] : [];
  return pick.clientWithoutLogin ? [contact.clientEmail] : [];
}
