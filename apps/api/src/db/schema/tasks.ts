import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { TASK_PRIORITIES, TASK_STATUSES, type Of } from './enums';
import { inList, searchText, timestamps, trigramIndex, tstz } from './helpers';
import { users } from './users';

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** The assignee's display name (what the spec shows). */
    assignedTo: varchar('assigned_to', { length: 200 }).notNull().default(''),
    /** The staff account behind assigned_to, when the assignee is one. */
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    priority: varchar('priority', { length: 8 }).$type<Of<typeof TASK_PRIORITIES>>().notNull().default('medium'),
    status: varchar('status', { length: 16 }).$type<Of<typeof TASK_STATUSES>>().notNull().default('pending'),
    dueDate: tstz('due_date').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: tstz('completed_at'),
    ...timestamps(),
    searchText: searchText('title', 'description', 'assigned_to'),
  },
  (t) => [
    index('tasks_status_idx').on(t.status),
    index('tasks_priority_idx').on(t.priority),
    index('tasks_client_created_idx').on(t.clientId, t.createdAt),
    index('tasks_assigned_user_idx').on(t.assignedToUserId),
    index('tasks_title_idx').on(sql`lower(${t.title})`),
    trigramIndex('tasks_search_trgm_idx', t.searchText),
    /** Indexed orderings: the page of a sorted list is read from the index, never sorted from the whole table. */
    index('tasks_due_date_id_idx').on(t.dueDate, t.id),
    index('tasks_created_at_id_idx').on(t.createdAt, t.id),
    index('tasks_status_created_idx').on(t.status, t.createdAt, t.id),
    check('tasks_priority_check', inList(t.priority, TASK_PRIORITIES)),
    check('tasks_status_check', inList(t.status, TASK_STATUSES)),
  ],
);
