import type { TAuditActor, TAuditEntry, TAuditFilters, TAuditListQuery } from '@agency/contract';
import { AppError } from '../../core/errors';
import { type Actor, type UserActor } from '../../core/actor';
import { toCsv } from '../../core/csv';
import { pageOf, pageWindow, type Page } from '../../core/paging';
import { requestIp } from '../../core/request-scope';
import type { AppDeps } from '../../deps';
import { transact } from '../../events/outbox';
import * as q from './audit.queries';

/** The log is kept this long; the pruning job deletes older entries. */
export const AUDIT_KEPT_DAYS = 365;
/** The export stops here. */
export const AUDIT_EXPORT_ROW_CAP = 100_000;

/** What a write tells the log about the object it changed. */
export interface AuditObject {
  type: string;
  id?: string | number | null;
  /** How people know it: an invoice's number, a client's name, a key's prefix. */
  label?: string | null;
  /** The client it belongs to: the client's own log shows the entry. */
  clientId?: number | null;
}

export interface AuditEntryInput {
  /** What was done, `<object>.<verb>`: client.updated, invoice.payment_recorded. */
  action: string;
  object: AuditObject;
  /** Fields that changed as [before, after] (see changedFields), or the facts of the action. */
  changes?: Record<string, unknown> | null;
  /** Left out of the client's own log (an internal comment). */
  internal?: boolean;
}

/**
 * Records writes in the log, in the caller's transaction (pass the deps `transact` handed you, or the only deps of a
 * single-statement write): the entry commits or rolls back with the change. Who acted comes from the actor: a person,
 * an API key (by its prefix, acting as its maker), a provider's webhook ('webhook:stripe') or a job; the IP from the
 * request being served. A visitor's writes (the contact form) are not recorded.
 */
/** A person acting before they have a session (signing in, signing up). */
export interface AuditPerson {
  kind: 'person';
  id: number;
}

export async function recordAudit(deps: AppDeps, actor: Actor | AuditPerson, ...entries: AuditEntryInput[]): Promise<void> {
  if (actor.kind === 'visitor' || entries.length === 0) return;
  const who = await actorColumns(deps, actor);
  const at = deps.now();
  await q.insertAuditEntries(
    deps.db,
    entries.map((e) => ({
      at,
      ...who,
      action: e.action,
      objectType: e.object.type,
      objectId: e.object.id === undefined || e.object.id === null ? null : String(e.object.id),
      objectLabel: e.object.label?.slice(0, 300) ?? null,
      clientId: e.object.clientId ?? null,
      changes: e.changes ?? null,
      internal: e.internal ?? false,
    })),
  );
}

/**
 * A download of data out of the product (a CSV or PDF export, the personal data export): `export.downloaded` with
 * what was exported and its file name, in a transaction of its own (a read changes nothing else).
 */
export async function recordExport(
  deps: AppDeps,
  actor: Actor | AuditPerson,
  download: { what: string; filename: string; clientId?: number | null | undefined; facts?: Record<string, unknown> },
): Promise<void> {
  await transact(deps, (tx) =>
    recordAudit(tx, actor, {
      action: 'export.downloaded',
      object: { type: 'export', id: download.what, label: download.filename, clientId: download.clientId ?? null },
      changes: { what: download.what, ...download.facts },
    }),
  );
}

async function actorColumns(deps: AppDeps, actor: Exclude<Actor, { kind: 'visitor' }> | AuditPerson) {
  if (actor.kind === 'system') {
    const webhook = actor.name.startsWith('webhook:');
    return { actorType: webhook ? ('webhook' as const) : ('system' as const), actorUserId: null, actorLabel: actor.name.slice(0, 200), ip: null };
  }
  const ip = requestIp();
  if (actor.kind === 'user' && actor.apiKey) {
    return { actorType: 'api_key' as const, actorUserId: actor.id, actorLabel: `API key ${actor.apiKey.prefix}…`, ip };
  }
  return { actorType: 'user' as const, actorUserId: actor.id, actorLabel: (await q.personLabel(deps.db, actor.id)).slice(0, 200), ip };
}

type Comparable = string | number | boolean | null | undefined | Date | readonly unknown[] | Record<string, unknown>;

const comparable = (v: Comparable) => (v instanceof Date ? v.toISOString() : v === undefined ? null : v);

/**
 * The fields of `fields` whose value differs between before and after, as { field: [before, after] }; null when none
 * did (a save that changed nothing). Secrets never go in: list only fields fit to show.
 */
export function changedFields<T extends Record<string, Comparable>>(before: T, after: Partial<T>, fields: readonly (keyof T & string)[]): Record<string, [unknown, unknown]> | null {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    const was = comparable(before[field]);
    const now = comparable(after[field] as Comparable);
    if (JSON.stringify(was) !== JSON.stringify(now)) changes[field] = [was, now];
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

// ---- Reading the log ----

/** Owners and read-only staff read the whole log; a client's full-access login its own account's. */
function readerScope(actor: UserActor): number | null {
  if (actor.role === 'admin') return null;
  if (actor.clientId === null || actor.clientPermission !== 'full') throw new AppError('permission_denied', 'This is for people with full access to the account.');
  return actor.clientId;
}

const DAY_MS = 86_400_000;

function whereOf(actor: UserActor, f: TAuditFilters): q.AuditWhere {
  const from = f.from ? new Date(`${f.from}T00:00:00Z`) : undefined;
  const until = f.to ? new Date(new Date(`${f.to}T00:00:00Z`).getTime() + DAY_MS) : undefined;
  if (from && Number.isNaN(from.getTime())) throw badFilter('from', 'Enter a valid date');
  if (until && Number.isNaN(until.getTime())) throw badFilter('to', 'Enter a valid date');
  if (from && until && from >= until) throw badFilter('to', 'The end date must be on or after the start date');
  return {
    ownClientId: readerScope(actor),
    actorUserId: f.actor,
    objectType: f.object_type,
    objectId: f.object_id,
    action: f.action,
    clientId: f.client,
    from,
    until,
  };
}

const badFilter = (field: string, message: string) => new AppError('validation_error', `Invalid query: ${field}: ${message}`, { [field]: [message] });

function toAuditDto(r: q.AuditRow): TAuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    actor_type: r.actorType,
    actor_user_id: r.actorUserId,
    actor: r.actorLabel,
    ip: r.ip,
    action: r.action,
    object_type: r.objectType,
    object_id: r.objectId,
    object_label: r.objectLabel,
    client_id: r.clientId,
    client_name: r.clientName ?? null,
    changes: r.changes ?? null,
  };
}

export async function listAuditLog(deps: AppDeps, actor: UserActor, query: TAuditListQuery): Promise<Page<TAuditEntry>> {
  const where = whereOf(actor, query);
  const [total, rows] = await Promise.all([q.countAuditEntries(deps.db, where), q.listAuditEntries(deps.db, where, pageWindow(query))]);
  return pageOf(total, rows.map(toAuditDto));
}

export async function listAuditActors(deps: AppDeps, actor: UserActor): Promise<{ results: TAuditActor[] }> {
  return { results: await q.listAuditActors(deps.db, readerScope(actor)) };
}

export const AUDIT_EXPORT_COLUMNS = ['at', 'actor_type', 'actor', 'ip', 'action', 'object_type', 'object_id', 'object', 'client', 'changes'] as const;

/** The entries matching the filters as CSV, newest first, up to AUDIT_EXPORT_ROW_CAP rows. */
export async function exportAuditLog(deps: AppDeps, actor: UserActor, filters: TAuditFilters): Promise<{ filename: string; csv: string }> {
  const rows = await q.listAuditEntries(deps.db, whereOf(actor, filters), { limit: AUDIT_EXPORT_ROW_CAP, offset: 0 });
  const records = rows.map((r) => [
    r.at.toISOString(),
    r.actorType,
    r.actorLabel,
    r.ip ?? '',
    r.action,
    r.objectType,
    r.objectId ?? '',
    r.objectLabel ?? '',
    r.clientName ?? '',
    r.changes ? JSON.stringify(r.changes) : '',
  ]);
  return { filename: `audit-log-${deps.now().toISOString().slice(0, 10)}.csv`, csv: toCsv(AUDIT_EXPORT_COLUMNS, records) };
}

/** Pruning: what is older than a year goes. Answers how many entries. */
export async function pruneAuditLog(deps: AppDeps): Promise<number> {
  return (await q.deleteAuditEntriesBefore(deps.db, new Date(deps.now().getTime() - AUDIT_KEPT_DAYS * DAY_MS))).length;
}
