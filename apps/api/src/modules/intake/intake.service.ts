import type { TIntakeForm, TIntakeListQuery, TIntakeStatus, TIntakeSubmit } from '@agency/contract';
import { ALL_CLIENTS, clientScope, systemActor, userIdOf, type Actor, type UserActor } from '../../core/actor';
import { AppError } from '../../core/errors';
import { pageOf, pageWindow, type Page } from '../../core/paging';
import type { AppDeps } from '../../deps';
import { emit, transact } from '../../events/outbox';
import { recordAudit } from '../audit';
import { fileUrl } from '../files';
import { startDelivery } from '../orders';
import * as q from './intake.queries';

/*
 * The intake form: what the team needs from a client (handle, goals, audience, competitors, brand assets) after a
 * paid order or a new subscription. Asked for once per order or subscription (intake.listeners.ts); a paid order's
 * delivery waits for it and starts when the client sends it, or when staff start without it.
 */

/** A form still waiting this long is reminded once. */
export const INTAKE_REMINDER_HOURS = 48;

const notFound = () => new AppError('not_found', 'Intake form not found.');
const fieldError = (field: string, detail: string) => new AppError('bad_request', detail, { [field]: [detail] });

const subjectOf = (row: q.IntakeListRow) =>
  row.form.orderId !== null ? `Order #${row.form.orderId}` : `${row.planName ?? 'Subscription'} plan`;

function toDto(row: q.IntakeListRow, assets: Awaited<ReturnType<typeof q.assetsOf>>): TIntakeForm {
  const f = row.form;
  return {
    id: f.id,
    client: f.clientId,
    client_name: row.clientName,
    order: f.orderId,
    subscription: f.subscriptionId,
    subject: subjectOf(row),
    status: f.status as TIntakeStatus,
    handle: f.handle,
    goals: f.goals,
    audience: f.audience,
    competitors: f.competitors,
    assets: assets
      .filter((a) => a.formId === f.id)
      .map((a) => ({ id: a.id, name: a.name, size: a.size, content_type: a.contentType, url: fileUrl(a.id) })),
    requested_at: f.createdAt.toISOString(),
    submitted_at: f.submittedAt?.toISOString() ?? null,
    submitted_by_name: row.submittedByName,
    skipped_at: f.skippedAt?.toISOString() ?? null,
  };
}

async function withAssets(deps: AppDeps, rows: q.IntakeListRow[]): Promise<TIntakeForm[]> {
  const assets = await q.assetsOf(deps.db, rows.map((r) => r.form.id));
  return rows.map((r) => toDto(r, assets));
}

export async function listIntakeForms(
  deps: AppDeps,
  actor: Actor,
  query: Omit<TIntakeListQuery, 'page' | 'page_size' | 'ordering'> & { page: number; page_size: number; ordering: string },
): Promise<Page<TIntakeForm>> {
  const params: q.IntakeListParams = {
    clientScope: clientScope(actor),
    status: query.status,
    client: query.client,
    order: query.order,
    ordering: query.ordering,
    ...pageWindow(query),
  };
  const [total, rows] = await Promise.all([q.countIntakes(deps.db, params), q.listIntakes(deps.db, params)]);
  return pageOf(total, await withAssets(deps, rows));
}

export async function getIntakeForm(deps: AppDeps, actor: Actor, id: number): Promise<TIntakeForm> {
  const row = await q.findIntake(deps.db, clientScope(actor), id);
  if (!row) throw notFound();
  return (await withAssets(deps, [row]))[0]!;
}

/** Asks the client for a form (once per order or subscription; a repeated request does nothing). */
export async function requestIntake(
  deps: AppDeps,
  source: { clientId: number; orderId: number } | { clientId: number; subscriptionId: number },
): Promise<void> {
  const form = await q.insertIntake(deps.db, { ...source, createdAt: deps.now() });
  if (!form) return;
  const row = (await q.findIntake(deps.db, ALL_CLIENTS, form.id))!;
  await emit(deps, 'intake.requested', { intakeId: form.id, clientId: form.clientId, clientName: row.clientName, subject: subjectOf(row), reminder: false });
}

/** A waiting form, locked for the decision (sent or skipped already: 409). */
async function lockWaiting(deps: AppDeps, actor: Actor, id: number): Promise<q.IntakeListRow> {
  const row = await q.findIntake(deps.db, clientScope(actor), id, true);
  if (!row) throw notFound();
  if (row.form.status === 'submitted') throw new AppError('conflict', 'This intake form has already been sent.');
  if (row.form.status === 'skipped') throw new AppError('conflict', 'The team has already started without this form.');
  return row;
}

/** How the audit log names an intake form: what it is for, in its client's log. */
const intakeObject = (id: number, row: q.IntakeListRow) => ({ type: 'intake', id, label: subjectOf(row), clientId: row.form.clientId });

/** The client sends its answers, once; a paid order's delivery starts with them. */
export async function submitIntakeForm(deps: AppDeps, actor: UserActor, id: number, input: TIntakeSubmit): Promise<TIntakeForm> {
  await transact(deps, async (tx) => {
    const row = await lockWaiting(tx, actor, id);
    const assetIds = [...new Set((input.assets ?? []).map(Number))];
    const usable = await q.clientFiles(tx.db, row.form.clientId, assetIds);
    if (usable.length !== assetIds.length) throw fieldError('assets', 'One of the files was not found; upload it again.');
    const now = tx.now();
    await q.updateIntake(tx.db, id, {
      status: 'submitted',
      handle: input.handle.trim(),
      goals: input.goals.trim(),
      audience: input.audience.trim(),
      competitors: (input.competitors ?? []).map((c) => c.trim()),
      submittedBy: actor.id,
      submittedAt: now,
      updatedAt: now,
    });
    await q.insertAssets(tx.db, id, assetIds);
    if (row.form.orderId !== null) await startDelivery(tx, row.form.orderId);
    await emit(tx, 'intake.submitted', { intakeId: id, clientId: row.form.clientId, clientName: row.clientName, subject: subjectOf(row), orderId: row.form.orderId, skipped: false });
    await recordAudit(tx, actor, { action: 'intake.submitted', object: intakeObject(id, row), changes: { status: [row.form.status, 'submitted'], assets: assetIds.length } });
  });
  return getIntakeForm(deps, actor, id);
}

/** Staff start the work without the form (the client never sent it); the client can no longer send it. */
export async function skipIntakeForm(deps: AppDeps, actor: Actor, id: number): Promise<TIntakeForm> {
  await transact(deps, async (tx) => {
    const row = await lockWaiting(tx, actor, id);
    const now = tx.now();
    await q.updateIntake(tx.db, id, { status: 'skipped', skippedBy: userIdOf(actor), skippedAt: now, updatedAt: now });
    if (row.form.orderId !== null) await startDelivery(tx, row.form.orderId);
    await emit(tx, 'intake.submitted', { intakeId: id, clientId: row.form.clientId, clientName: row.clientName, subject: subjectOf(row), orderId: row.form.orderId, skipped: true });
    await recordAudit(tx, actor, { action: 'intake.skipped', object: intakeObject(id, row), changes: { status: [row.form.status, 'skipped'] } });
  });
  return getIntakeForm(deps, actor, id);
}

/** The hourly sweep: each form waiting longer than INTAKE_REMINDER_HOURS is reminded once. */
export async function remindWaitingIntakes(outer: AppDeps): Promise<number> {
  return transact(outer, async (deps) => {
    const now = deps.now();
    const due = await q.claimDueReminders(deps.db, new Date(now.getTime() - INTAKE_REMINDER_HOURS * 3_600_000), now);
    for (const form of due) {
      const row = (await q.findIntake(deps.db, ALL_CLIENTS, form.id))!;
      await emit(deps, 'intake.requested', { intakeId: form.id, clientId: form.clientId, clientName: row.clientName, subject: subjectOf(row), reminder: true });
      await recordAudit(deps, systemActor('job:intake.reminders'), { action: 'intake.reminded', object: intakeObject(form.id, row) });
    }
    return due.length;
  });
}
