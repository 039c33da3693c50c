/** The demo's staff tasks: sixty over the last year, most of them recent, the older ones mostly done. */
import * as s from '../../schema';
import type { SeedContext, SeededClient, Staff } from './context';
import { DAY, addDays, atWorkTime, maxDate, minDate } from './random';

const TASK_TITLES = [
  'Draft monthly content calendar',
  'Design carousel for product launch',
  'Edit Reels from the latest shoot',
  'Write captions for next week',
  'Hashtag research refresh',
  'Prepare monthly performance report',
  'Community management sweep',
  'Optimise Instagram bio and highlights',
  'Plan influencer outreach list',
  'Set up boosted post campaign',
  'Film behind-the-scenes TikToks',
  'Create YouTube thumbnail set',
  'Review competitor accounts',
  'Schedule holiday campaign posts',
  'Respond to DMs backlog',
  'A/B test story formats',
  'Update brand style guide',
  'Audit posting times',
  'Storyboard product demo video',
  'Collect client testimonials for posts',
];

const TASK_DESCRIPTIONS = [
  'Align with the client on key dates and themes before drafting.',
  'Use the approved brand palette and fonts; export in 4:5 and 9:16.',
  'Keep each cut under 30 seconds, add captions and trending audio.',
  'Tone: friendly and upbeat. Include a clear call to action in each.',
  'Focus on mid-size hashtags (10k–500k posts) relevant to the niche.',
  'Cover followers, reach, engagement and top posts with recommendations.',
  'Reply to comments and flag anything that needs the client’s input.',
  'Check links, highlight covers and keyword placement.',
];

export async function seedTasks({ db, now, yearAgo, rng }: SeedContext, staff: Staff, clients: SeededClient[]): Promise<void> {
  const activeish = clients.filter((c) => c.status !== 'pending' || c.monthsAgo > 0);
  const rows: (typeof s.tasks.$inferInsert)[] = [];
  for (let i = 0; i < 60; i++) {
    const c = i < 8 ? clients[i % 4]! : rng.pick(activeish);
    const from = maxDate(c.createdAt, yearAgo).getTime();
    // Skew towards recent work: more tasks in the last weeks.
    const t = from + (now.getTime() - from) * Math.sqrt(rng.float(0.02, 1));
    const created = atWorkTime(rng, new Date(Math.min(t, now.getTime() - DAY / 2)));
    const due = atWorkTime(rng, addDays(created, rng.int(3, 21)));
    let status: 'pending' | 'in-progress' | 'review' | 'completed';
    if (due < addDays(now, -3)) status = rng.chance(0.88) ? 'completed' : rng.pick(['review', 'in-progress'] as const);
    else
      status = rng.weighted([
        ['pending', 4],
        ['in-progress', 3],
        ['review', 2],
        ['completed', 1],
      ] as const);
    const assignee = rng.pick(staff.members.slice(1));
    const completedAt = status === 'completed' ? minDate(addDays(created, rng.float(1, 14)), now) : null;
    rows.push({
      title: rng.pick(TASK_TITLES),
      description: rng.pick(TASK_DESCRIPTIONS),
      clientId: c.id,
      assignedTo: assignee.name,
      assignedToUserId: assignee.id,
      priority: rng.weighted([
        ['low', 2],
        ['medium', 5],
        ['high', 3],
      ] as const),
      status,
      dueDate: due,
      createdBy: rng.chance(0.7) ? staff.admin.id : c.manager.id,
      completedAt,
      createdAt: created,
      updatedAt: completedAt ?? created,
    });
  }
  // Raw: the tasks module exports nothing yet (createTask dates by deps.now and would fit; updateTask for completions).
  await db.insert(s.tasks).values(rows);
}
