/**
 * The demo's staff tasks: sixty over the last year, most of them recent, the older ones mostly done. Each is created
 * by its author (the demo admin or the client's manager) through createTask when it was made; a done one is
 * completed through updateTask when it was done.
 */
import { ZTaskFormSchema, type TTaskForm } from '@agency/contract';
import { createTask, updateTask } from '../../../modules/tasks';
import type { SeedContext, SeededClient, Staff, StaffMember } from './context';
import { DAY, addDays, atWorkTime, maxDate, minDate } from './random';
import { depsAt } from './seed-deps';
import { staffActor } from './actors';

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

interface DemoTask {
  author: StaffMember;
  created: Date;
  completedAt: Date | null;
  form: TTaskForm;
}

export async function seedTasks({ deps, now, yearAgo, rng }: SeedContext, staff: Staff, clients: SeededClient[]): Promise<void> {
  const activeish = clients.filter((c) => c.status !== 'pending' || c.monthsAgo > 0);
  // The random draws, in the order the stream has always given them (the later seeders depend on it).
  const tasks: DemoTask[] = [];
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
    const title = rng.pick(TASK_TITLES);
    const description = rng.pick(TASK_DESCRIPTIONS);
    const priority = rng.weighted([
      ['low', 2],
      ['medium', 5],
      ['high', 3],
    ] as const);
    const author = rng.chance(0.7) ? staff.admin : c.manager;
    tasks.push({
      author,
      created,
      completedAt,
      // A task done later starts out pending; it is completed below, when it was done.
      form: { title, description, client: c.id, assigned_to: assignee.name, assigned_to_user: assignee.id, priority, status: completedAt ? 'pending' : status, due_date: due.toISOString() },
    });
  }
  for (const task of tasks) {
    const actor = staffActor(staff, task.author);
    const created = await createTask(depsAt(deps, task.created), actor, ZTaskFormSchema.parse(task.form));
    if (task.completedAt) await updateTask(depsAt(deps, task.completedAt), actor, { id: created.id, changes: { status: 'completed' } });
  }
}
