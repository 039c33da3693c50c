import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TIntakeStatus } from '@agency/contract';
import { clients, files, intakeFormAssets, intakeForms, subscriptions, users } from '../../db/schema';
import { cappedCount } from '../../db/list-queries';
import type { Db } from '../../db/types';
import { inClientScope } from '../../db/client-scope';
import type { ClientScope } from '../../core/actor';
import { displayNameSql } from '../admin';

export type IntakeRow = typeof intakeForms.$inferSelect;

export interface IntakeListParams {
  /** A client's own forms; null: every client's (staff). */
  clientScope: ClientScope;
  status?: TIntakeStatus | undefined;
  client?: number | undefined;
  order?: number | undefined;
  ordering: string;
  limit: number;
  offset: number;
}

const submitter = alias(users, 'submitter');

const intakeColumns = {
  form: intakeForms,
  clientName: clients.name,
  planName: subscriptions.planName,
  submittedByName: sql<string | null>`case when ${submitter.id} is null then null else ${displayNameSql(submitter)} end`,
};
export type IntakeListRow = { form: IntakeRow; clientName: string; planName: string | null; submittedByName: string | null };

function selectIntakes(db: Db) {
  return db
    .select(intakeColumns)
    .from(intakeForms)
    .innerJoin(clients, eq(clients.id, intakeForms.clientId))
    .leftJoin(subscriptions, eq(subscriptions.id, intakeForms.subscriptionId))
    .leftJoin(submitter, eq(submitter.id, intakeForms.submittedBy));
}

function listWhere(p: IntakeListParams): SQL | undefined {
  return and(
    inClientScope(intakeForms.clientId, p.clientScope),
    p.client ? eq(intakeForms.clientId, p.client) : undefined,
    p.order ? eq(intakeForms.orderId, p.order) : undefined,
    p.status ? eq(intakeForms.status, p.status) : undefined,
  );
}

export function countIntakes(db: Db, p: IntakeListParams) {
  return cappedCount(db, db.select({ one: sql`1` }).from(intakeForms).where(listWhere(p)).$dynamic());
}

export function listIntakes(db: Db, p: IntakeListParams): Promise<IntakeListRow[]> {
  const descending = p.ordering.startsWith('-');
  return selectIntakes(db)
    .where(listWhere(p))
    .orderBy(descending ? desc(intakeForms.createdAt) : asc(intakeForms.createdAt), descending ? desc(intakeForms.id) : asc(intakeForms.id))
    .limit(p.limit)
    .offset(p.offset);
}

/** One form within the caller's scope (another client's: undefined); `forUpdate` locks it for a decision. */
export async function findIntake(db: Db, clientScope: ClientScope, id: number, forUpdate = false): Promise<IntakeListRow | undefined> {
  const query = selectIntakes(db)
    .where(and(eq(intakeForms.id, id), inClientScope(intakeForms.clientId, clientScope)))
    .limit(1);
  const [row] = await (forUpdate ? query.for('update', { of: intakeForms }) : query);
  return row;
}

/** The brand assets of some forms, in the order they were sent. */
export async function assetsOf(db: Db, formIds: number[]) {
  if (formIds.length === 0) return [];
  return db
    .select({
      formId: intakeFormAssets.intakeFormId,
      id: files.id,
      name: files.originalName,
      size: files.sizeBytes,
      contentType: files.contentType,
    })
    .from(intakeFormAssets)
    .innerJoin(files, eq(files.id, intakeFormAssets.fileId))
    .where(inArray(intakeFormAssets.intakeFormId, formIds))
    .orderBy(asc(intakeFormAssets.intakeFormId), asc(intakeFormAssets.position));
}

/** Files of this client's space among `ids` (what a client may attach to its own form). */
export async function clientFiles(db: Db, clientId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.clientId, clientId)));
  return rows.map((r) => r.id);
}

/** A new form (once per order or subscription: a repeated request returns undefined). */
export async function insertIntake(
  db: Db,
  values: { clientId: number; orderId?: number; subscriptionId?: number; createdAt: Date },
): Promise<IntakeRow | undefined> {
  const [row] = await db
    .insert(intakeForms)
    .values({ ...values, updatedAt: values.createdAt })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateIntake(db: Db, id: number, values: Partial<typeof intakeForms.$inferInsert>): Promise<void> {
  await db.update(intakeForms).set(values).where(eq(intakeForms.id, id));
}

export async function insertAssets(db: Db, formId: number, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.insert(intakeFormAssets).values(fileIds.map((fileId, position) => ({ intakeFormId: formId, fileId, position })));
}

/**
 * Claims the forms still waiting since before `before` that were never reminded (marks them reminded, so each is
 * reminded once even when two sweeps overlap).
 */
export async function claimDueReminders(db: Db, before: Date, now: Date, limit = 200) {
  return db
    .update(intakeForms)
    .set({ remindedAt: now })
    .where(
      inArray(
        intakeForms.id,
        db
          .select({ id: intakeForms.id })
          .from(intakeForms)
          .where(and(eq(intakeForms.status, 'waiting'), isNull(intakeForms.remindedAt), lt(intakeForms.createdAt, before)))
          .orderBy(asc(intakeForms.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ id: intakeForms.id, clientId: intakeForms.clientId, orderId: intakeForms.orderId, subscriptionId: intakeForms.subscriptionId });
}
