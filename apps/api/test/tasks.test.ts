import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, users } from '../src/db/schema';
import { systemActor } from '../src/core/actor';
import type { DomainEventMap } from '../src/events/catalog';
import { listStaff } from '../src/modules/admin/staff.service';
import { createTestContext, type TestContext } from './support/test-app';
import { signUp, type Session, archiveClientViaApi } from './support/factories';

let ctx: TestContext;
let admin: Session;
let otherAdmin: Session;
let clientA: Session;
let clientB: Session;
let archived: Session;

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

function taskBody(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Write captions',
    description: 'Ten captions for the spring campaign',
    client: clientA.user.client_id,
    assigned_to: 'Sam Planner',
    due_date: inDays(3),
    ...overrides,
  };
}

async function createTask(overrides: Record<string, unknown> = {}) {
  const res = await ctx.request().post('/api/tasks/').set(admin.auth).send(taskBody(overrides));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number } & Record<string, unknown>;
}

async function list(query: string) {
  const res = await ctx.request().get(`/api/tasks/${query}`).set(admin.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { count: number; next: string | null; previous: string | null; results: Record<string, unknown>[] };
}

async function deleteAllTasks() {
  const all = await list('?page_size=200');
  if (all.results.length) {
    const res = await ctx
      .request()
      .post('/api/tasks/bulk_delete/')
      .set(admin.auth)
      .send({ task_ids: all.results.map((t) => t.id) });
    expect(res.status).toBe(200);
  }
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signUp(ctx, { role: 'admin', name: 'Alex Staff' });
  otherAdmin = await signUp(ctx, { role: 'admin', name: 'Robin Ops' });
  clientA = await signUp(ctx, { name: 'Acme Bakery' });
  clientB = await signUp(ctx, { name: 'Blue Fitness' });
  archived = await signUp(ctx, { name: 'Gone Gardens' });
  await archiveClientViaApi(ctx, admin, archived.user.client_id!);
});
afterAll(async () => {
  await ctx.close();
});

describe('POST /api/tasks/', () => {
  it('creates a task with the defaults (priority medium, status pending) and the client name', async () => {
    const res = await ctx.request().post('/api/tasks/').set(admin.auth).send(taskBody());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      title: 'Write captions',
      description: 'Ten captions for the spring campaign',
      client: clientA.user.client_id,
      client_name: 'Acme Bakery',
      assigned_to: 'Sam Planner',
      assigned_to_user: null,
      priority: 'medium',
      status: 'pending',
      is_overdue: false,
    });
    expect(new Date(res.body.due_date).toISOString()).toBe(res.body.due_date);
    expect(res.body.created_at).toMatch(/Z$/);
  });

  it('requires every form field, with the form messages', async () => {
    const res = await ctx.request().post('/api/tasks/').set(admin.auth).send({});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.errors).toMatchObject({
      title: ['Title is required'],
      description: ['Description is required'],
      client: ['Client is required'],
      assigned_to: ['Assignee is required'],
      due_date: ['Due date is required'],
    });
  });

  it('refuses invalid priority, status and due date values with 400', async () => {
    for (const bad of [{ priority: 'urgent' }, { status: 'done' }, { due_date: 'tomorrow' }, { client: 'abc' }]) {
      const res = await ctx.request().post('/api/tasks/').set(admin.auth).send(taskBody(bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.code).toBe('validation_error');
      expect(Object.keys(res.body.errors)).toEqual(Object.keys(bad));
    }
  });

  it('refuses an unknown client and an archived client with a clear 400', async () => {
    const unknown = await ctx.request().post('/api/tasks/').set(admin.auth).send(taskBody({ client: 999999 }));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ detail: 'Client not found.', code: 'bad_request' });
    const gone = await ctx
      .request()
      .post('/api/tasks/')
      .set(admin.auth)
      .send(taskBody({ client: archived.user.client_id }));
    expect(gone.status).toBe(400);
    expect(gone.body.detail).toBe('This client is archived; tasks cannot be assigned to it.');
    expect(gone.body.errors).toEqual({ client: ['This client is archived.'] });
  });

  it('takes the name from assigned_to_user, notifies that staff member and emits task.assigned', async () => {
    const events: DomainEventMap['task.assigned'][] = [];
    const off = ctx.deps.events.on('task.assigned', (e) => events.push(e));
    const task = await createTask({
      assigned_to: 'whoever',
      assigned_to_user: otherAdmin.user.id,
      title: 'Plan reels',
      due_date: '2031-01-10T12:00:00.000Z',
    });
    off();
    expect(task.assigned_to).toBe('Robin Ops');
    expect(task.assigned_to_user).toBe(otherAdmin.user.id);
    expect(events).toEqual([expect.objectContaining({ taskId: task.id, assigneeId: otherAdmin.user.id, title: 'Plan reels' })]);
    const rows = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, otherAdmin.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ title: 'New task assigned', type: 'success', notificationType: 'success' });
    expect(rows[0]!.message).toMatch(/^Plan reels \(.+\), due Jan 10, 2031$/);
  });

  it('links a typed name to the one staff account that has it', async () => {
    const task = await createTask({ assigned_to: 'robin ops' });
    expect(task.assigned_to_user).toBe(otherAdmin.user.id);
  });

  it('refuses an assigned_to_user that is not a staff account', async () => {
    const res = await ctx
      .request()
      .post('/api/tasks/')
      .set(admin.auth)
      .send(taskBody({ assigned_to_user: clientA.user.id }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ detail: 'The assignee must be a staff account.', code: 'bad_request' });
    const unknown = await ctx.request().post('/api/tasks/').set(admin.auth).send(taskBody({ assigned_to_user: 999999 }));
    expect(unknown.status).toBe(400);
  });

  it('is for admins only', async () => {
    const res = await ctx.request().post('/api/tasks/').set(clientA.auth).send(taskBody());
    expect(res.status).toBe(403);
    const listRes = await ctx.request().get('/api/tasks/').set(clientA.auth);
    expect(listRes.status).toBe(403);
  });
});

describe('GET/PATCH/DELETE /api/tasks/:id/', () => {
  it('gets one task; unknown ids are 404 and non-numeric ids 400', async () => {
    const task = await createTask();
    const res = await ctx.request().get(`/api/tasks/${task.id}/`).set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(task);
    const missing = await ctx.request().get('/api/tasks/999999/').set(admin.auth);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Task not found.', code: 'not_found' });
    const bad = await ctx.request().get('/api/tasks/abc/').set(admin.auth);
    expect(bad.status).toBe(400);
  });

  it('changes the status from any status to any other and keeps the rest', async () => {
    const task = await createTask({ due_date: inDays(-1) });
    expect(task.is_overdue).toBe(true);
    for (const status of ['completed', 'pending', 'review', 'in-progress', 'completed']) {
      const res = await ctx.request().patch(`/api/tasks/${task.id}/`).set(admin.auth).send({ status });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(status);
      expect(res.body.title).toBe(task.title);
      expect(res.body.priority).toBe('medium');
      expect(res.body.is_overdue).toBe(status !== 'completed');
    }
  });

  it('edits several fields at once and refuses bad values', async () => {
    const task = await createTask();
    const res = await ctx
      .request()
      .patch(`/api/tasks/${task.id}/`)
      .set(admin.auth)
      .send({ title: 'New title', priority: 'high', client: clientB.user.client_id, due_date: '2030-01-02T10:00:00Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'New title',
      priority: 'high',
      client: clientB.user.client_id,
      client_name: 'Blue Fitness',
      due_date: '2030-01-02T10:00:00.000Z',
      description: task.description,
    });
    expect(Date.parse(res.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(task.updated_at as string));
    for (const bad of [{ status: 'done' }, { priority: 'critical' }, { title: '' }]) {
      const r = await ctx.request().patch(`/api/tasks/${task.id}/`).set(admin.auth).send(bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    const archivedRef = await ctx
      .request()
      .patch(`/api/tasks/${task.id}/`)
      .set(admin.auth)
      .send({ client: archived.user.client_id });
    expect(archivedRef.status).toBe(400);
    expect(archivedRef.body.detail).toContain('archived');
    const missing = await ctx.request().patch('/api/tasks/999999/').set(admin.auth).send({ status: 'review' });
    expect(missing.status).toBe(404);
  });

  it('notifies a newly assigned staff member on edit', async () => {
    const task = await createTask({ assigned_to: 'Sam Planner' });
    const before = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, otherAdmin.user.id));
    const res = await ctx
      .request()
      .patch(`/api/tasks/${task.id}/`)
      .set(admin.auth)
      .send({ assigned_to_user: otherAdmin.user.id });
    expect(res.status).toBe(200);
    expect(res.body.assigned_to).toBe('Robin Ops');
    const after = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, otherAdmin.user.id));
    expect(after.length).toBe(before.length + 1);
    // Sending the whole edit form again (same name, no account id) keeps the link and notifies nobody.
    const resend = await ctx
      .request()
      .patch(`/api/tasks/${task.id}/`)
      .set(admin.auth)
      .send({ ...taskBody(), assigned_to: 'Robin Ops' });
    expect(resend.body).toMatchObject({ assigned_to: 'Robin Ops', assigned_to_user: otherAdmin.user.id });
    expect(await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, otherAdmin.user.id))).toHaveLength(
      after.length,
    );
    // A different name that is no staff account drops the link.
    const renamed = await ctx.request().patch(`/api/tasks/${task.id}/`).set(admin.auth).send({ assigned_to: 'Freelance Fay' });
    expect(renamed.body).toMatchObject({ assigned_to: 'Freelance Fay', assigned_to_user: null });
    await ctx.request().patch(`/api/tasks/${task.id}/`).set(admin.auth).send({ assigned_to_user: otherAdmin.user.id });
    // Unassigning the account keeps the name
    const unlink = await ctx.request().patch(`/api/tasks/${task.id}/`).set(admin.auth).send({ assigned_to_user: null });
    expect(unlink.body).toMatchObject({ assigned_to: 'Robin Ops', assigned_to_user: null });
  });

  it('deletes a task (204) and then answers 404', async () => {
    const task = await createTask();
    const res = await ctx.request().delete(`/api/tasks/${task.id}/`).set(admin.auth);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await ctx.request().get(`/api/tasks/${task.id}/`).set(admin.auth)).status).toBe(404);
    expect((await ctx.request().delete(`/api/tasks/${task.id}/`).set(admin.auth)).status).toBe(404);
  });
});

describe('GET /api/tasks/ and /api/tasks/stats/', () => {
  let ids: Record<string, number>;
  beforeAll(async () => {
    await deleteAllTasks();
    const t1 = await createTask({ title: 'Shoot product photos', priority: 'high', status: 'pending', due_date: inDays(-2) });
    const t2 = await createTask({
      title: 'Monthly report',
      description: 'Summarise the 50% growth',
      priority: 'low',
      status: 'in-progress',
      due_date: inDays(5),
      assigned_to: 'Jo Writer',
    });
    const t3 = await createTask({
      title: 'Reply to comments',
      client: clientB.user.client_id,
      priority: 'high',
      status: 'review',
      due_date: inDays(-1),
    });
    const t4 = await createTask({ title: 'Audit hashtags', priority: 'medium', status: 'completed', due_date: inDays(-10) });
    const t5 = await createTask({
      title: 'Draft ad copy',
      client: clientB.user.client_id,
      priority: 'low',
      status: 'completed',
      due_date: inDays(1),
      assigned_to_user: otherAdmin.user.id,
    });
    ids = { t1: t1.id, t2: t2.id, t3: t3.id, t4: t4.id, t5: t5.id };
  });

  const idsOf = (body: { results: Record<string, unknown>[] }) => body.results.map((r) => r.id);

  it('counts the seven summary cards from the data', async () => {
    const res = await ctx.request().get('/api/tasks/stats/').set(admin.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total: 5,
      pending: 1,
      in_progress: 1,
      review: 1,
      completed: 2,
      overdue: 2, // t1 and t3: past due and not completed (t4 is past due but completed)
      high_priority: 2,
      completion_rate: 40,
    });
  });

  it('lists newest first by default with is_overdue', async () => {
    const body = await list('');
    expect(body.count).toBe(5);
    expect(idsOf(body)).toEqual([ids.t5, ids.t4, ids.t3, ids.t2, ids.t1]);
    const byId = Object.fromEntries(body.results.map((r) => [r.id, r]));
    expect(byId[ids.t1!]!.is_overdue).toBe(true);
    expect(byId[ids.t4!]!.is_overdue).toBe(false);
  });

  it('searches title, description, client name and assignee (case-insensitive, wildcards literal)', async () => {
    expect(idsOf(await list('?search=PHOTOS'))).toEqual([ids.t1]);
    expect(idsOf(await list('?search=50%25'))).toEqual([ids.t2]);
    expect(idsOf(await list('?search=blue%20fit'))).toEqual([ids.t5, ids.t3]);
    expect(idsOf(await list('?search=jo%20writer'))).toEqual([ids.t2]);
    expect(idsOf(await list('?search=robin'))).toEqual([ids.t5]);
    expect((await list('?search=%25')).count).toBe(1);
    expect((await list('?search=nothing-matches')).count).toBe(0);
  });

  it('filters by status, priority, client, assignee and overdue', async () => {
    expect(idsOf(await list('?status=completed'))).toEqual([ids.t5, ids.t4]);
    expect(idsOf(await list('?priority=high'))).toEqual([ids.t3, ids.t1]);
    expect(idsOf(await list(`?client=${clientB.user.client_id}`))).toEqual([ids.t5, ids.t3]);
    expect(idsOf(await list('?assigned_to=Jo%20Writer'))).toEqual([ids.t2]);
    expect(idsOf(await list(`?assigned_to_user=${otherAdmin.user.id}`))).toEqual([ids.t5]);
    expect(idsOf(await list('?overdue=true'))).toEqual([ids.t3, ids.t1]);
    expect(idsOf(await list('?overdue=false'))).toEqual([ids.t5, ids.t4, ids.t2]);
    expect(idsOf(await list(`?status=pending&priority=high&client=${clientA.user.client_id}`))).toEqual([ids.t1]);
  });

  it('orders by priority rank, workflow status, title and due date', async () => {
    expect(idsOf(await list('?ordering=-priority'))).toEqual([ids.t3, ids.t1, ids.t4, ids.t5, ids.t2]);
    expect(idsOf(await list('?ordering=priority'))).toEqual([ids.t2, ids.t5, ids.t4, ids.t1, ids.t3]);
    expect(idsOf(await list('?ordering=status'))).toEqual([ids.t1, ids.t2, ids.t3, ids.t4, ids.t5]);
    expect(idsOf(await list('?ordering=title'))).toEqual([ids.t4, ids.t5, ids.t2, ids.t3, ids.t1]);
    expect(idsOf(await list('?ordering=due_date'))).toEqual([ids.t4, ids.t1, ids.t3, ids.t5, ids.t2]);
    expect(idsOf(await list('?ordering=-due_date'))).toEqual([ids.t2, ids.t5, ids.t3, ids.t1, ids.t4]);
  });

  it('paginates with count, next and previous', async () => {
    const p1 = await list('?ordering=status&page_size=2');
    expect(p1.count).toBe(5);
    expect(idsOf(p1)).toEqual([ids.t1, ids.t2]);
    expect(p1.previous).toBeNull();
    expect(p1.next).toBe('/api/tasks/?ordering=status&page_size=2&page=2');
    const p3 = await list('?ordering=status&page_size=2&page=3');
    expect(idsOf(p3)).toEqual([ids.t5]);
    expect(p3.next).toBeNull();
    expect(p3.previous).toBe('/api/tasks/?ordering=status&page_size=2&page=2');
    const beyond = await list('?page=9');
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(5);
  });

  it('answers bad filters with 400', async () => {
    for (const q of ['?status=done', '?priority=urgent', '?ordering=secret', '?overdue=maybe', '?client=abc', '?page_size=0']) {
      const res = await ctx.request().get(`/api/tasks/${q}`).set(admin.auth);
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validation_error');
    }
  });
});

describe('bulk actions', () => {
  it('bulk_update sets the status of every listed task and counts the ones that changed', async () => {
    const a = await createTask({ status: 'pending' });
    const b = await createTask({ status: 'review' });
    const c = await createTask({ status: 'completed' });
    const res = await ctx
      .request()
      .post('/api/tasks/bulk_update/')
      .set(admin.auth)
      .send({ task_ids: [a.id, b.id, c.id, a.id], status: 'completed' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 2 });
    for (const id of [a.id, b.id, c.id]) {
      const t = await ctx.request().get(`/api/tasks/${id}/`).set(admin.auth);
      expect(t.body.status).toBe('completed');
    }
    const back = await ctx
      .request()
      .post('/api/tasks/bulk_update/')
      .set(admin.auth)
      .send({ task_ids: [a.id, b.id], status: 'in-progress' });
    expect(back.body).toEqual({ updated: 2 });
  });

  it('bulk_update with an unknown id changes nothing and names the missing ids', async () => {
    const a = await createTask({ status: 'pending' });
    const res = await ctx
      .request()
      .post('/api/tasks/bulk_update/')
      .set(admin.auth)
      .send({ task_ids: [a.id, 999998, 999999], status: 'review' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
    expect(res.body.detail).toBe('Tasks not found: 999998, 999999. Nothing was changed.');
    const t = await ctx.request().get(`/api/tasks/${a.id}/`).set(admin.auth);
    expect(t.body.status).toBe('pending');
  });

  it('bulk_update refuses statuses other than in-progress, review, completed and empty lists', async () => {
    const a = await createTask();
    const bad = await ctx.request().post('/api/tasks/bulk_update/').set(admin.auth).send({ task_ids: [a.id], status: 'pending' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.status).toEqual(['Choose in-progress, review or completed']);
    const empty = await ctx.request().post('/api/tasks/bulk_update/').set(admin.auth).send({ task_ids: [], status: 'review' });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.task_ids).toEqual(['Select at least one item']);
    const junk = await ctx.request().post('/api/tasks/bulk_update/').set(admin.auth).send({ task_ids: ['x'], status: 'review' });
    expect(junk.status).toBe(400);
  });

  it('bulk_delete deletes every listed task, all or nothing', async () => {
    const a = await createTask();
    const b = await createTask();
    const refused = await ctx
      .request()
      .post('/api/tasks/bulk_delete/')
      .set(admin.auth)
      .send({ task_ids: [a.id, b.id, 999999] });
    expect(refused.status).toBe(404);
    expect(refused.body.detail).toBe('Tasks not found: 999999. Nothing was changed.');
    expect((await ctx.request().get(`/api/tasks/${a.id}/`).set(admin.auth)).status).toBe(200);
    const res = await ctx.request().post('/api/tasks/bulk_delete/').set(admin.auth).send({ task_ids: [a.id, b.id] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    expect((await ctx.request().get(`/api/tasks/${a.id}/`).set(admin.auth)).status).toBe(404);
    expect((await ctx.request().get(`/api/tasks/${b.id}/`).set(admin.auth)).status).toBe(404);
  });
});

describe('staff list (listStaff service behind GET /api/admin/staff/)', () => {
  it('lists the admin accounts by name with presence from last_seen_at', async () => {
    const now = new Date();
    await ctx.deps.db.update(users).set({ lastSeenAt: new Date(now.getTime() - 30_000) }).where(eq(users.id, admin.user.id));
    await ctx.deps.db
      .update(users)
      .set({ lastSeenAt: new Date(now.getTime() - 5 * 60_000) })
      .where(eq(users.id, otherAdmin.user.id));
    const { results } = await listStaff({ ...ctx.deps, now: () => now }, systemActor('test'));
    expect(results).toEqual([
      { id: admin.user.id, name: 'Alex Staff', email: admin.user.email, role: 'admin', staff_role: 'owner', status: 'online', invite_pending: false, managed_clients: 0 },
      { id: otherAdmin.user.id, name: 'Robin Ops', email: otherAdmin.user.email, role: 'admin', staff_role: 'owner', status: 'away', invite_pending: false, managed_clients: 0 },
    ]);
    const later = await listStaff({ ...ctx.deps, now: () => new Date(now.getTime() + 20 * 60_000) }, systemActor('test'));
    expect(later.results.map((r) => r.status)).toEqual(['offline', 'offline']);
  });
});
