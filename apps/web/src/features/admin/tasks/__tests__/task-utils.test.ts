import type { TTask } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { taskFormResolver } from '@/entities/tasks/components/task-form-dialog';
import {
  addTaskToColumn,
  isoToLocalInput,
  localInputToIso,
  removeTaskFromColumn,
  withStatus,
  type TTaskColumnData,
} from '../lib/task-utils';

const task = (id: number, over: Partial<TTask> = {}): TTask => ({
  id,
  title: `Task ${id}`,
  description: 'd',
  client: 1,
  client_name: 'Acme',
  assigned_to: 'Priya Shah',
  assigned_to_user: 2,
  priority: 'medium',
  status: 'pending',
  due_date: '2030-01-01T10:00:00.000Z',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  is_overdue: false,
  ...over,
});

const column = (...pages: TTask[][]): TTaskColumnData => ({
  pageParams: pages.map((_, i) => i + 1),
  pages: pages.map((results) => ({ status: 200, body: { count: 10, next: null, previous: null, results } })),
});

describe('kanban cache moves', () => {
  it('removes a task from whichever page holds it and lowers the count', () => {
    const data = removeTaskFromColumn(column([task(1), task(2)], [task(3)]), 3);
    expect(data.pages.flatMap((p) => p.body.results.map((t) => t.id))).toEqual([1, 2]);
    expect(data.pages[0]!.body.count).toBe(9);
  });

  it('leaves a column without the task untouched', () => {
    const before = column([task(1)]);
    expect(removeTaskFromColumn(before, 9)).toBe(before);
  });

  it('adds a moved task on top once, raising the count', () => {
    const data = addTaskToColumn(column([task(1)]), task(5, { status: 'in-progress' }));
    expect(data.pages[0]!.body.results.map((t) => t.id)).toEqual([5, 1]);
    expect(data.pages[0]!.body.count).toBe(11);
    const again = addTaskToColumn(data, task(5, { status: 'review' }));
    expect(again.pages[0]!.body.results.map((t) => t.id)).toEqual([5, 1]);
    expect(again.pages[0]!.body.results[0]!.status).toBe('review');
    expect(again.pages[0]!.body.count).toBe(11);
  });

  it('recomputes overdue for the new status', () => {
    const late = task(1, { due_date: '2020-01-01T00:00:00.000Z', is_overdue: true });
    expect(withStatus(late, 'completed').is_overdue).toBe(false);
    expect(withStatus(late, 'review').is_overdue).toBe(true);
    expect(withStatus(task(2), 'review').is_overdue).toBe(false);
  });
});

describe('datetime-local conversion', () => {
  it('round-trips a local date-time through ISO', () => {
    const iso = localInputToIso('2025-03-01T09:30');
    expect(iso).toBe(new Date(2025, 2, 1, 9, 30).toISOString());
    expect(isoToLocalInput(iso)).toBe('2025-03-01T09:30');
    expect(localInputToIso('')).toBe('');
    expect(isoToLocalInput(null)).toBe('');
  });
});

describe('task form validation', () => {
  const valid = {
    title: 'Shoot reels',
    description: 'Three reels for spring',
    client: '4',
    assigned_to: 'Priya Shah',
    assigned_to_user: 2,
    priority: 'medium' as const,
    status: 'pending' as const,
    due_date: '2030-05-02T14:00',
  };
  const run = (values: typeof valid) =>
    taskFormResolver(values, undefined, { fields: {}, shouldUseNativeValidation: false, names: undefined, criteriaMode: 'firstError' });

  it('shows the required messages for empty fields', async () => {
    const res = await run({ ...valid, title: '', description: '  ', client: '', assigned_to: '', due_date: '' });
    expect(res.errors.title?.message).toBe('Title is required');
    expect(res.errors.description?.message).toBe('Description is required');
    expect(res.errors.client?.message).toBe('Client is required');
    expect(res.errors.assigned_to?.message).toBe('Assignee is required');
    expect(res.errors.due_date?.message).toBe('Due date is required');
  });

  it('sends the due date as ISO and the client as a number', async () => {
    const res = await run(valid);
    expect(res.errors).toEqual({});
    expect(res.values).toMatchObject({
      client: 4,
      assigned_to_user: 2,
      priority: 'medium',
      status: 'pending',
      due_date: new Date(2030, 4, 2, 14, 0).toISOString(),
    });
  });
});
