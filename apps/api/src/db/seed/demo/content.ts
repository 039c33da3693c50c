/**
 * The demo's content calendar: eighty posts from last year to six weeks ahead, each written, reviewed and commented
 * through content's services (createContent, approveContent, rejectContent, updateContent, createComment) by the
 * people who did it, when they did it. The demo client reviews her own posts after the team (staff review, then the
 * client): two of hers passed the team's review and wait for her, one with the team's comments.
 */
import { sql } from 'drizzle-orm';
import { ZCreateContentComment, ZCreateContentSchema, ZUpdateContentSchema } from '@agency/contract';
import type { UserActor } from '../../../core/actor';
import { approveContent, createComment, createContent, rejectContent, updateContent } from '../../../modules/content';
import * as s from '../../schema';
import { type Platform } from './cast';
import type { LoginClient, SeedContext, SeededClient, Staff } from './context';
import { addDays, atWorkTime, frac, maxDate, minDate } from './random';
import { depsAt } from './seed-deps';
import { clientActor, staffActor } from './actors';

type ContentRow = typeof s.contentItems.$inferInsert;

const CONTENT_TEXTS = [
  'New week, new goals! Here’s how we’re kicking off Monday at {company}. 💪 #MondayMotivation',
  'Behind the scenes: a sneak peek at what the {company} team has been working on. 👀',
  'Customer spotlight ⭐ We love hearing from you — tag us to be featured next!',
  'Our top 5 tips for getting the most out of your day. Save this post for later! 📌',
  'Limited time only: 15% off for our followers this weekend. Link in bio. 🛍️',
  'Meet the team! Say hi to the people who make {company} what it is. 👋',
  'Quick tutorial: three ways to use our bestseller you probably haven’t tried.',
  'Throwback to one of our favourite moments this year. What was yours? 💬',
  'Poll time! Which one should we launch next — A or B? Vote in the comments. 🗳️',
  'Thank you for 10K! To celebrate, we’re running a giveaway all week. 🎉',
  'Fresh arrivals just dropped. Which one is your favourite? 😍',
  'Did you know? A fun fact about how we make everything at {company}.',
  'Weekend vibes ☀️ Stop by and say hello — we’d love to see you.',
  'FAQ Friday: answering your most asked questions in one quick video. 🎥',
];

const CONTENT_FEEDBACK = [
  'Could we use a brighter photo and shorten the caption a little?',
  'Please mention the weekend opening hours.',
  'Love it, but the discount should read 10%, not 15%.',
];

const PLATFORM_TO_CONTENT: Record<Platform, ContentRow['platform']> = {
  Instagram: 'instagram',
  TikTok: 'tiktok',
  YouTube: 'youtube',
  Facebook: 'facebook',
  LinkedIn: 'linkedin',
};

function calendarRows({ now, rng }: SeedContext, staff: Staff, clients: SeededClient[], loginClients: LoginClient[]): ContentRow[] {
  const rows: ContentRow[] = [];
  const contentClients = clients.filter((c) => c.status !== 'paused' || rng.chance(0.5));
  for (let i = 0; i < 80; i++) {
    const c = i < 12 ? loginClients[i % loginClients.length]! : rng.pick(contentClients);
    const platform = PLATFORM_TO_CONTENT[rng.pick(c.platforms)];
    const earliest = maxDate(addDays(c.createdAt, 7), addDays(now, -330)).getTime();
    const latest = addDays(now, 45).getTime();
    const scheduled = atWorkTime(rng, new Date(earliest + (latest - earliest) * rng.float() ** 0.7));
    const future = scheduled > now;
    let status: 'draft' | 'pending-approval' | 'approved' | 'posted';
    if (!future) status = rng.chance(0.92) ? 'posted' : 'approved';
    else
      status = rng.weighted([
        ['draft', 2],
        ['pending-approval', 3],
        ['approved', 3],
      ] as const);
    const created = minDate(addDays(scheduled, -rng.int(3, 14)), addDays(now, -rng.float(0.1, 3)));
    const byClient = c.userId !== null && rng.chance(0.35);
    const approved = status === 'approved' || status === 'posted';
    const approvedAt = approved ? minDate(addDays(created, rng.float(0.2, 2)), now) : null;
    const rejected = status === 'draft' && rng.chance(0.4);
    rows.push({
      clientId: c.id,
      platform,
      content: rng.pick(CONTENT_TEXTS).replaceAll('{company}', c.company),
      scheduledDate: scheduled,
      imageUrl: null,
      status,
      engagementRate: status === 'posted' ? frac(Math.max(0.008, 0.042 + rng.gauss() * 0.015)) : '0',
      feedback: rejected ? rng.pick(CONTENT_FEEDBACK) : null,
      createdBy: byClient ? c.userId : rng.pick(staff.members).id,
      approvedBy: approved ? staff.admin.id : null,
      approvedAt,
      reviewStep: status === 'pending-approval' ? 'staff' : null,
      waitingSince: status === 'pending-approval' ? created : null,
      createdAt: created,
      updatedAt: approvedAt ?? created,
    });
  }
  return rows;
}

/** Turns the reviewer's last two posts into ones that passed the team's review and wait for her. */
function waitForClient(now: Date, rows: ContentRow[], reviewer: LoginClient): { row: ContentRow; index: number }[] {
  const forClient = rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.clientId === reviewer.id)
    .slice(-2);
  forClient.forEach(({ row }, i) => {
    const waitingSince = addDays(now, -1 - i * 1.5);
    Object.assign(row, {
      // Without the random source, so the rest of the demo stays as it was.
      scheduledDate: new Date(new Date(addDays(now, 3 + i * 4)).setUTCHours(15, 0, 0, 0)),
      status: 'pending-approval',
      engagementRate: '0',
      approvedBy: null,
      approvedAt: null,
      feedback: null,
      reviewStep: 'client',
      waitingSince,
      createdAt: addDays(waitingSince, -0.5),
      updatedAt: waitingSince,
    } satisfies Partial<ContentRow>);
  });
  return forClient;
}

/**
 * Who wrote a post: its client's login, or a member of the staff who reaches the client (an owner, or the client's
 * account manager: a manager cannot create content for another manager's client, so such a post is the manager's).
 */
function authorOf(staff: Staff, client: SeededClient, createdBy: number | null | undefined): UserActor {
  if (client.userId !== null && createdBy === client.userId) return clientActor(client as LoginClient);
  const member = staff.members.find((m) => m.id === createdBy) ?? staff.admin;
  const actor = staffActor(staff, member);
  return actor.staffRole === 'manager' && client.manager.id !== member.id ? staffActor(staff, client.manager) : actor;
}

/**
 * One post, as it happened: written (a draft, or sent for review) by its author when it was created; then the
 * admin's review: sent back with feedback, or approved (at the team's step, then at the client's on her behalf
 * when her mode asks for both), or passed on to the client (who has not decided yet); a published post is marked
 * posted by the admin when it was approved. Answers its id.
 */
async function seedPost({ deps }: SeedContext, staff: Staff, client: SeededClient, row: ContentRow): Promise<number> {
  const admin = staffActor(staff, staff.admin);
  const created = row.createdAt as Date;
  const status = row.status!;
  const body = ZCreateContentSchema.parse({
    client: row.clientId,
    platform: row.platform,
    content: row.content,
    scheduled_date: row.scheduledDate.toISOString(),
    status: status === 'draft' && row.feedback === null ? 'draft' : 'pending-approval',
  });
  const { id } = await createContent(depsAt(deps, created), authorOf(staff, client, row.createdBy), body);
  if (status === 'draft' && row.feedback) {
    await rejectContent(depsAt(deps, created), admin, { id, feedback: row.feedback });
  } else if (status === 'pending-approval' && row.reviewStep === 'client') {
    await approveContent(depsAt(deps, row.waitingSince as Date), admin, id);
  } else if (status === 'approved' || status === 'posted') {
    const approvedAt = row.approvedAt as Date;
    if (client.approvalMode === 'internal_then_client') {
      await approveContent(depsAt(deps, new Date((created.getTime() + approvedAt.getTime()) / 2)), admin, id);
    }
    const approved = await approveContent(depsAt(deps, approvedAt), admin, id);
    if (approved.status !== 'approved') throw new Error(`seed: post ${id} is ${approved.status} after its approval`);
    if (status === 'posted') await updateContent(depsAt(deps, approvedAt), admin, { id, changes: ZUpdateContentSchema.parse({ status: 'posted' }) });
  }
  return id;
}

export async function seedContent(ctx: SeedContext, staff: Staff, clients: SeededClient[], loginClients: LoginClient[]): Promise<void> {
  const { deps, db, now } = ctx;
  const rows = calendarRows(ctx, staff, clients, loginClients);
  const reviewer = loginClients[0]!;
  const forClient = waitForClient(now, rows, reviewer);
  const clientById = new Map(clients.map((c) => [c.id, c]));
  const contentIds: number[] = [];
  for (const row of rows) contentIds.push(await seedPost(ctx, staff, clientById.get(row.clientId)!, row));
  // Raw: no service sets a post's engagement rate (nothing in the app measures a post yet); the demo's published
  // posts have one.
  const rates = JSON.stringify(rows.flatMap((row, i) => (row.status === 'posted' ? [{ id: contentIds[i]!, rate: row.engagementRate }] : [])));
  await db.execute(
    sql`update ${s.contentItems} set engagement_rate = v.rate from json_to_recordset(${rates}::json) as v(id integer, rate numeric) where ${s.contentItems.id} = v.id`,
  );
  const discussed = forClient[0];
  if (discussed) {
    const at = (hours: number) => depsAt(deps, minDate(new Date((discussed.row.waitingSince as Date).getTime() + hours * 3_600_000), now));
    const colleague = staff.members[1] ?? staff.admin;
    const contentId = contentIds[discussed.index]!;
    const admin = staffActor(staff, staff.admin);
    const comment = (body: string, visibility: 'internal' | 'shared', mentions: number[] = []) => ZCreateContentComment.parse({ body, visibility, mentions });
    await createComment(at(-1), admin, contentId, comment(`@${colleague.name} the colours match her brand kit now; ready for ${reviewer.name.split(' ')[0]}.`, 'internal', [colleague.id]));
    await createComment(at(0.1), admin, contentId, comment('Here is the post for next week. Happy to adjust the caption if you prefer a different tone.', 'shared'));
    await createComment(at(2), clientActor(reviewer), contentId, comment('Love the photo! Could we mention the weekend opening hours?', 'shared'));
  }
}
