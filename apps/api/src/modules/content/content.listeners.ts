import { CONTENT_PLATFORM_LABELS } from '@agency/contract';
import { humanDate } from '../../core/clock';
import { personName, withIndefiniteArticle } from '../../core/text';
import type { EventBus } from '../../events/bus';
import { agencyName, portalUrl } from '../agency';
import { emailPreferenceAllows, queueMail, reviewLinkMail } from '../mail';
import { clientPeopleContacts } from '../team';
import { issueReviewLink } from './review.service';

/** What the content module does when its own events are dispatched (after the change committed). */
export function registerContentListeners(events: EventBus): void {
  // An item waits for the client's review: each person of the client who reviews content (its login, members with
  // content or full access) gets a magic link of their own by e-mail.
  events.handle('content.review_requested', async (e, deps) => {
    // Those who turned content e-mails off in their settings see it in the portal only.
    const people = await clientPeopleContacts(deps.db, e.clientId, 'content');
    const wanting = await Promise.all(people.map((person) => emailPreferenceAllows(deps, person.id, 'email_content')));
    const reviewers = people.filter((_, i) => wanting[i]);
    if (reviewers.length === 0) return;
    const post = `${withIndefiniteArticle(CONTENT_PLATFORM_LABELS[e.platform])} post scheduled for ${humanDate(e.scheduledDate)}`;
    const agency = await agencyName(deps);
    for (const reviewer of reviewers) {
      const link = await issueReviewLink(deps, e.contentId, reviewer.id);
      const url = `${portalUrl(deps)}/review#token=${link.token}`;
      await queueMail(deps, reviewLinkMail(reviewer.email, e, { agency, post, url, expiresAt: link.expiresAt, name: personName(reviewer) }));
    }
  });
}
